import { randomBytes } from 'node:crypto'
import { outcomeOf } from '../../../src/domain/payment.ts'
import type { Db, Queryable } from '../../db/types.ts'
import { envelope } from './answers.ts'
import { resultAt } from './store.ts'
import type { Payment } from './store.ts'
import { sandboxResults } from './testCards.ts'
import type { SandboxResult } from './testCards.ts'

/** A refund request as the merchant sends it (POST /v1/payments/{id} with paymentType RF). */
export interface RefundAsked {
  paymentId: string
  amountCents: number
  currency: string
  merchantTransactionId: string
}

/** A refund the sandbox answered, as its tester route shows it. */
export interface SandboxRefund {
  id: string
  paymentId: string
  paymentMerchantTransactionId: string
  merchantTransactionId: string
  amount: string
  currency: string
  refunded: boolean
  result: SandboxResult
  createdAt: string
}

interface Captured {
  merchantTransactionId: string
  amountCents: number
  currency: string
}

interface RefundRow {
  id: string
  payment_id: string
  payment_merchant_transaction_id: string
  merchant_transaction_id: string
  amount_cents: number
  currency: string
  refunded: boolean
  answer: { result: SandboxResult } & Record<string, unknown>
  created_at: number
}

const cents = (amount: string): number => Math.round(Number(amount) * 100)
const rand = (amountCents: number): string => (amountCents / 100).toFixed(2)

/** The provider's answers to a refund it declines. */
export const refundResults = {
  unknownPayment: { code: '700.100.100', description: 'reference id not existing' },
  exceeded: { code: '700.400.200', description: 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)' },
  otherCurrency: { code: '700.100.300', description: 'invalid amount (probably too large)' },
} as const satisfies Record<string, SandboxResult>

/**
 * The sandbox's refunds, in the database like its checkouts: every instance sees every refund. A refund is taken
 * with its payment locked, so two at once never give back together more than was captured; a merchantTransactionId
 * seen before answers what it answered the first time, whatever else the repeat asks.
 */
export class RefundStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async refund(asked: RefundAsked): Promise<{ status: 200 | 400; answer: RefundRow['answer'] }> {
    return this.db.transaction(async (tx) => {
      const captured = await capturedPayment(tx, asked.paymentId, this.now())
      const [earlier] = await tx.query<RefundRow>('select * from sandbox_refunds where merchant_transaction_id = $1', [asked.merchantTransactionId])
      if (earlier) return { status: earlier.refunded ? 200 : 400, answer: earlier.answer }
      const [given] = await tx.query<{ cents: number }>(
        'select coalesce(sum(amount_cents), 0)::float8 as cents from sandbox_refunds where payment_id = $1 and refunded',
        [asked.paymentId],
      )
      const result: SandboxResult = !captured
        ? refundResults.unknownPayment
        : captured.currency !== asked.currency
          ? refundResults.otherCurrency
          : asked.amountCents > captured.amountCents - (given?.cents ?? 0)
            ? refundResults.exceeded
            : sandboxResults.succeeded
      const refunded = result === sandboxResults.succeeded
      const id = randomBytes(16).toString('hex')
      const answer = {
        id,
        referencedId: asked.paymentId,
        paymentType: 'RF',
        amount: rand(asked.amountCents),
        currency: asked.currency,
        merchantTransactionId: asked.merchantTransactionId,
        result: { code: result.code, description: result.description },
        ...envelope(this.now()),
      }
      await tx.query(
        `insert into sandbox_refunds (id, payment_id, payment_merchant_transaction_id, merchant_transaction_id, amount_cents, currency, refunded, answer, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9)`,
        [
          id,
          asked.paymentId,
          captured?.merchantTransactionId ?? '',
          asked.merchantTransactionId,
          asked.amountCents,
          asked.currency,
          refunded,
          JSON.stringify(answer),
          this.now(),
        ],
      )
      return { status: refunded ? 200 : 400, answer }
    })
  }

  /** The refunds made with this merchantTransactionId (the refund's own), as the transaction report lists them. */
  async withReference(merchantTransactionId: string): Promise<Array<Record<string, unknown>>> {
    const rows = await this.db.query<RefundRow>('select answer from sandbox_refunds where merchant_transaction_id = $1', [merchantTransactionId])
    return rows.map((row) => row.answer)
  }

  /** Every refund asked of a payment, by its id or by the order number it was paid with, oldest first. */
  async of(filter: { paymentId?: string; merchantTransactionId?: string }): Promise<SandboxRefund[]> {
    const rows = await this.db.query<RefundRow>(
      `select * from sandbox_refunds where ($1::text is not null and payment_id = $1) or ($2::text is not null and payment_merchant_transaction_id = $2)
       order by created_at, id`,
      [filter.paymentId ?? null, filter.merchantTransactionId ?? null],
    )
    return rows.map((row) => ({
      id: row.id,
      paymentId: row.payment_id,
      paymentMerchantTransactionId: row.payment_merchant_transaction_id,
      merchantTransactionId: row.merchant_transaction_id,
      amount: rand(row.amount_cents),
      currency: row.currency,
      refunded: row.refunded,
      result: row.answer.result,
      createdAt: new Date(Number(row.created_at)).toISOString(),
    }))
  }
}

/**
 * The successful payment with this id, locked for the refund's transaction: a card payment on one of the sandbox's
 * checkouts (while the sandbox keeps it) or a wallet payment. Undefined for an unknown, unpaid or declined payment.
 */
async function capturedPayment(tx: Queryable, paymentId: string, now: number): Promise<Captured | undefined> {
  const [checkout] = await tx.query<{ amount: string; currency: string; merchant_transaction_id: string; payment: Payment }>(
    `select amount, currency, merchant_transaction_id, payment from sandbox_checkouts where payment->>'id' = $1 for update`,
    [paymentId],
  )
  if (checkout) {
    const result = resultAt(checkout.payment, now)
    if (checkout.payment.outcome.kind === 'challenge' || !paid(result)) return undefined
    return { merchantTransactionId: checkout.merchant_transaction_id, amountCents: cents(checkout.amount), currency: checkout.currency }
  }
  const [wallet] = await tx.query<{ merchant_transaction_id: string; payment: { amount?: string; currency?: string; result?: SandboxResult } }>(
    'select merchant_transaction_id, payment from sandbox_payments where id = $1 for update',
    [paymentId],
  )
  if (!wallet?.payment.result || !paid(wallet.payment.result) || !wallet.payment.amount || !wallet.payment.currency) return undefined
  return { merchantTransactionId: wallet.merchant_transaction_id, amountCents: cents(wallet.payment.amount), currency: wallet.payment.currency }
}

const paid = (result: SandboxResult): boolean => outcomeOf(result.code) === 'successful'
