import { cardAmount, outcomeOf, PAYMENT_CURRENCY, sameAmount } from '../../src/domain/payment.ts'
import type { WalletPaymentAnswer } from '../../src/domain/payment.ts'
import type { Partner } from '../config.ts'
import type { Db } from '../db/types.ts'
import type { StoredAnswer } from '../orders/idempotency.ts'
import { payableOrder } from './payableOrder.ts'
import { ProviderRefused, ProviderUnavailable } from './provider.ts'
import type { CardProvider } from './provider.ts'
import { recordPaymentOnce } from './recordPayment.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

export const amountMismatch = serverMessages.amountMismatch
export const paymentInFlight = serverMessages.paymentInFlight
export const walletKeyReused = 'This request was already used for a different payment.'
export const providerDown = serverMessages.providerDown

/** A claim left unanswered this long belongs to a request that died; a retry may take it over. */
const abandonedAfterSeconds = 120

export interface WalletRequest {
  customerId: number
  key: string
  hash: string
  orderId: number
  amount: string
  token: string
  partner: Partner
}

/**
 * Charges a Google Pay token at most once per Idempotency-Key: the key is claimed first (committed), the provider
 * is charged, then the answer is stored and every retry gets it. A retry while the first is in flight gets 409.
 */
export async function payWithWalletOnce(db: Db, provider: CardProvider, request: WalletRequest): Promise<{ replayed: boolean; answer: StoredAnswer }> {
  const { customerId, key, hash } = request
  const claimed = await db.query(
    `insert into wallet_requests (customer_id, key, request_hash) values ($1, $2, $3)
     on conflict (customer_id, key) do update set created_at = now()
       where wallet_requests.status is null and wallet_requests.request_hash = excluded.request_hash
         and wallet_requests.created_at < now() - make_interval(secs => $4)
     returning key`,
    [customerId, key, hash, abandonedAfterSeconds],
  )
  if (claimed.length === 0) {
    const [row] = await db.query<{ request_hash: string; status: number | null; response: unknown }>(
      'select request_hash, status, response from wallet_requests where customer_id = $1 and key = $2',
      [customerId, key],
    )
    if (row && row.request_hash !== hash) return { replayed: false, answer: { status: 422, body: { error: walletKeyReused } } }
    if (!row || row.status === null) return { replayed: false, answer: { status: 409, body: { error: paymentInFlight } } }
    return { replayed: true, answer: { status: row.status, body: row.response } }
  }
  let answer: StoredAnswer
  try {
    answer = await charge(db, provider, request)
  } catch (error) {
    // No answer from the provider: nothing is stored, so the client's retry starts afresh.
    await db.query('delete from wallet_requests where customer_id = $1 and key = $2 and status is null', [customerId, key])
    if (error instanceof ProviderUnavailable) return { replayed: false, answer: { status: 502, body: { error: providerDown } } }
    throw error
  }
  const [stored] = await db.query<{ status: number; response: unknown }>(
    'update wallet_requests set status = $3, response = $4::text::jsonb where customer_id = $1 and key = $2 returning status, response',
    [customerId, key, answer.status, JSON.stringify(answer.body)],
  )
  return { replayed: false, answer: stored ? { status: stored.status, body: stored.response } : answer }
}

async function charge(db: Db, provider: CardProvider, request: WalletRequest): Promise<StoredAnswer> {
  const payable = await payableOrder(db, request.customerId, request.orderId)
  if (!payable.ok) return { status: payable.status, body: { error: payable.error } }
  const { order } = payable
  if (!sameAmount(request.amount, order.total_price)) return { status: 422, body: { error: amountMismatch } }
  let body: WalletPaymentAnswer
  try {
    const payment = await provider.chargeWallet({
      // The provider takes two decimals; the ten of the wallet call are the storefront's own contract (spec §9).
      amount: cardAmount(order.total_price),
      currency: PAYMENT_CURRENCY,
      merchantTransactionId: order.number,
      token: request.token,
    })
    const paid = outcomeOf(payment.result.code) === 'successful'
    if (paid) {
      await recordPaymentOnce(db, {
        method: 'wallet',
        checkoutId: null,
        customerId: request.customerId,
        orderId: order.order_id,
        orderNumber: order.number,
        amount: order.total_price,
        currency: PAYMENT_CURRENCY,
        payment,
        partner: request.partner,
      })
    }
    body = { status: paid ? 200 : 400, result: payment.result, order_id: order.order_id, order_number: order.number, payment_id: payment.id ?? null }
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error
    body = { status: 400, result: error.result, order_id: order.order_id, order_number: order.number, payment_id: null }
  }
  return { status: body.status, body }
}
