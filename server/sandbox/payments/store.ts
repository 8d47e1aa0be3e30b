import { toStorableText } from '../../../src/domain/storable.ts'
import { randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/types.ts'
import type { ValidCard } from './cards.ts'
import { sandboxResults } from './testCards.ts'
import type { SandboxResult } from './testCards.ts'

// What a payer typed (a holder's name) may hold characters jsonb refuses (NUL): kept replaced, as our own tables keep
// the provider's texts, so a payment is never lost over them.
const storableJson = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? toStorableText(v) : v))

/** Like the real provider's: a checkout lives 30 minutes, and a payment can be read for 30 minutes after it was made. */
export const checkoutLifeMs = 30 * 60 * 1000

export interface Customer {
  givenName?: string
  surname?: string
  email?: string
}

/** How a payment ends: a result now, a result once the bank challenge is answered, or success after a wait. */
export type Outcome = { kind: 'result'; result: SandboxResult } | { kind: 'challenge' } | { kind: 'pending'; settlesAt: number }

export interface Payment {
  id: string
  brand: string
  card?: Omit<ValidCard, 'number' | 'brand'> & { bin: string; last4Digits: string }
  submittedAt: number
  shopperResultUrl: string
  outcome: Outcome
  /** The shopper's browser language as the widget sent it (`customer.browser.language`), for the bank's page. */
  browserLanguage?: string
}

export interface Checkout {
  id: string
  amount: string
  currency: string
  merchantTransactionId: string
  customer: Customer
  createdAt: number
  payment?: Payment
}

export const newCheckoutId = () => `${randomBytes(16).toString('hex').toUpperCase()}.sandbox01`
export const newPaymentId = () => randomBytes(16).toString('hex')

interface CheckoutRow {
  id: string
  amount: string
  currency: string
  merchant_transaction_id: string
  customer: Customer
  created_at: number
  payment: Payment | null
}

const columns = 'id, amount, currency, merchant_transaction_id, customer, created_at, payment'
const checkoutOf = (row: CheckoutRow): Checkout => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  merchantTransactionId: row.merchant_transaction_id,
  customer: row.customer,
  createdAt: row.created_at,
  ...(row.payment ? { payment: row.payment } : {}),
})

/**
 * The sandbox's checkouts in the database, so the widget, the bank's page and the status call may each be served by
 * another instance. Times are the sandbox's clock (`now`), which tests move, so expiry is decided against it too.
 */
export class CheckoutStore {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  async add(checkout: Omit<Checkout, 'id' | 'createdAt'>): Promise<Checkout> {
    const now = this.now()
    await this.db.query('delete from sandbox_checkouts where expires_at <= $1', [now])
    const [row] = await this.db.query<CheckoutRow>(
      `insert into sandbox_checkouts (id, amount, currency, merchant_transaction_id, customer, created_at, expires_at)
       values ($1, $2, $3, $4, $5::text::jsonb, $6, $7) returning ${columns}`,
      [newCheckoutId(), checkout.amount, checkout.currency, checkout.merchantTransactionId, storableJson(checkout.customer), now, now + checkoutLifeMs],
    )
    if (!row) throw new Error('the sandbox checkout was not stored')
    return checkoutOf(row)
  }

  /** The checkout, or undefined when unknown or expired. */
  async get(id: string): Promise<Checkout | undefined> {
    const [row] = await this.db.query<CheckoutRow>(`select ${columns} from sandbox_checkouts where id = $1 and expires_at > $2`, [id, this.now()])
    return row && checkoutOf(row)
  }

  /** Records the one payment of a live checkout; false when it has one already (a second tab) or has expired. */
  async pay(id: string, payment: Payment): Promise<boolean> {
    const rows = await this.db.query(
      `update sandbox_checkouts set payment = $2::text::jsonb, expires_at = greatest(expires_at, $3)
       where id = $1 and payment is null and expires_at > $4 returning id`,
      [id, storableJson(payment), payment.submittedAt + checkoutLifeMs, this.now()],
    )
    return rows.length === 1
  }

  /** Settles a payment waiting for the bank's challenge; an answer to one settled already changes nothing (false). */
  async answerChallenge(id: string, result: SandboxResult): Promise<boolean> {
    const rows = await this.db.query(
      `update sandbox_checkouts set payment = jsonb_set(payment, '{outcome}', $2::text::jsonb)
       where id = $1 and payment->'outcome'->>'kind' = 'challenge' and expires_at > $3 returning id`,
      [id, storableJson({ kind: 'result', result } satisfies Outcome), this.now()],
    )
    return rows.length === 1
  }

  /** The live checkouts paid (or being paid) with this merchantTransactionId, oldest first. */
  async paidWith(merchantTransactionId: string): Promise<Checkout[]> {
    const rows = await this.db.query<CheckoutRow>(
      `select ${columns} from sandbox_checkouts where merchant_transaction_id = $1 and payment is not null and expires_at > $2 order by created_at`,
      [merchantTransactionId, this.now()],
    )
    return rows.map(checkoutOf)
  }
}

/** Like the real provider's reports, but kept a day only: long enough for any retry or reconciliation to ask. */
export const paymentLifeMs = 24 * 60 * 60 * 1000

/** The sandbox's one-step payments (Google Pay), as it answered them, so its transaction report finds them. */
export class PaymentStore {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  async add(merchantTransactionId: string, payment: { id: string }): Promise<void> {
    const now = this.now()
    await this.db.query('delete from sandbox_payments where expires_at <= $1', [now])
    await this.db.query(
      'insert into sandbox_payments (id, merchant_transaction_id, payment, created_at, expires_at) values ($1, $2, $3::text::jsonb, $4, $5)',
      [payment.id, merchantTransactionId, storableJson(payment), now, now + paymentLifeMs],
    )
  }

  async paidWith(merchantTransactionId: string): Promise<Array<Record<string, unknown>>> {
    const rows = await this.db.query<{ payment: Record<string, unknown> }>(
      'select payment from sandbox_payments where merchant_transaction_id = $1 and expires_at > $2 order by created_at',
      [merchantTransactionId, this.now()],
    )
    return rows.map((row) => row.payment)
  }
}

/** The result a payment reports at this moment. */
export function resultAt(payment: Payment, now: number): SandboxResult {
  const { outcome } = payment
  if (outcome.kind === 'result') return outcome.result
  if (outcome.kind === 'pending' && now >= outcome.settlesAt) return sandboxResults.succeeded
  return sandboxResults.pending
}
