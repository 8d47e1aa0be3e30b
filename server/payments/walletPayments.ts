import { cardAmount, outcomeOf, PAYMENT_CURRENCY, sameAmount } from '../../src/domain/payment.ts'
import type { WalletPaymentAnswer } from '../../src/domain/payment.ts'
import type { Partner } from '../orders/partner.ts'
import type { NetworkSource } from '../../src/domain/service.ts'
import type { Db, Queryable } from '../db/types.ts'
import type { FinanceNotice } from './financeNotice.ts'
import type { Logger } from '../log.ts'
import { payments } from '../metrics.ts'
import { pushPaymentFailed } from '../push/paymentPushes.ts'
import type { Outcome, StoredAnswer } from '../http/idempotency.ts'
import { payableOrder } from './payableOrder.ts'
import { ProviderRefused, ProviderUnavailable } from './provider.ts'
import type { CardProvider, ProviderPayment } from './provider.ts'
import { recordedPayment, recordPaymentOnce } from './recordPayment.ts'
import { recordReportedPayment } from './reportedPayment.ts'
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
  network: NetworkSource
  log: Logger
  notice?: FinanceNotice
}

/**
 * Charges a Google Pay token at most once per Idempotency-Key: the key is claimed first (committed), the charge is
 * marked as sent (committed), the provider is charged, then the answer is stored and every retry gets it. A retry
 * while the first is in flight gets 409. When a charge got no answer (the provider timed out or the process died),
 * the retry that takes the request over asks the provider for the order's payments before charging: a charge that
 * went through is recorded and answered, never sent twice.
 */
export async function payWithWalletOnce(db: Db, provider: CardProvider, request: WalletRequest): Promise<Outcome> {
  const { customerId, key, hash } = request
  const [claimed] = await db.query<{ attempt: number; charged: boolean }>(
    `insert into wallet_requests (customer_id, key, request_hash) values ($1, $2, $3)
     on conflict (customer_id, key) do update set created_at = now(), stalled = false, attempt = wallet_requests.attempt + 1
       where wallet_requests.status is null and wallet_requests.request_hash = excluded.request_hash
         and (wallet_requests.stalled or wallet_requests.created_at < now() - make_interval(secs => $4))
     returning attempt, charging_since is not null as charged`,
    [customerId, key, hash, abandonedAfterSeconds],
  )
  if (!claimed) {
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
    answer = await charge(db, provider, request, claimed.charged)
  } catch (error) {
    // No answer from the provider, so the charge may have gone through: the claim stays, and the client's retry
    // takes it over at once and asks the provider first (so does the worker, if nobody retries).
    await db.query('update wallet_requests set stalled = true where customer_id = $1 and key = $2 and status is null', [customerId, key])
    if (error instanceof ProviderUnavailable || error instanceof ProviderRefused)
      return { replayed: false, answer: { status: 502, body: { error: providerDown } } }
    throw error
  }
  return { replayed: false, answer: await storeWalletAnswer(db, customerId, key, answer) }
}

/**
 * Saves the request's answer for its retries; the answer stored first wins (the worker may have stored it). A declined
 * charge (400, with the provider's result) is counted by the call that stored it: once per request, whoever found out.
 */
export async function storeWalletAnswer(db: Db, customerId: number, key: string, answer: StoredAnswer, attempt?: number): Promise<StoredAnswer> {
  const updated = await db.transaction(async (tx) => {
    const stored = await tx.query<{ order_id: number | null; total_price: number | null }>(
      `update wallet_requests set status = $3, response = $4::text::jsonb
       where customer_id = $1 and key = $2 and status is null and ($5::integer is null or attempt = $5)
       returning order_id, (select total_price from orders where id = order_id) as total_price`,
      [customerId, key, answer.status, JSON.stringify(answer.body), attempt ?? null],
    )
    // A declined charge is told to the customer's devices by the call that stored it, once per request (the worker may find it after they left).
    const [declined] = answer.status === 400 ? stored : []
    if (declined?.order_id != null)
      await pushPaymentFailed(tx, { orderId: Number(declined.order_id), attempt: `wallet:${customerId}:${key}`, amount: Number(declined.total_price) })
    return stored
  })
  if (updated.length > 0 && answer.status === 400) payments.inc({ method: 'wallet', outcome: 'failed' })
  const [stored] = await db.query<{ status: number | null; response: unknown }>(
    'select status, response from wallet_requests where customer_id = $1 and key = $2',
    [customerId, key],
  )
  return stored && stored.status !== null ? { status: stored.status, body: stored.response } : answer
}

/**
 * What the wallet call answers for a payment the provider made: 400 with its result when it failed; 200 when it
 * succeeded, with what its (already saved) record says it did, as the provider calls a payment owed back a success too.
 */
export async function walletAnswer(db: Queryable, payment: ProviderPayment, order: { id: number; number: string }): Promise<StoredAnswer> {
  const answer = { result: payment.result, order_id: order.id, order_number: order.number, payment_id: payment.id ?? null }
  const body: WalletPaymentAnswer =
    outcomeOf(payment.result.code) === 'successful'
      ? { status: 200, ...answer, recorded: await recordedPayment(db, { method: 'wallet', payment }) }
      : { status: 400, ...answer }
  return { status: body.status, body }
}

/** The order's successful Google Pay payment at the provider, if there is one. */
export async function paidWalletCharge(provider: CardProvider, orderNumber: string): Promise<ProviderPayment | undefined> {
  const payments = await provider.paymentsOf(orderNumber)
  return payments.find((p) => p.paymentBrand === 'GOOGLEPAY' && outcomeOf(p.result.code) === 'successful')
}

async function charge(db: Db, provider: CardProvider, request: WalletRequest, chargedBefore: boolean): Promise<StoredAnswer> {
  if (chargedBefore) {
    // An earlier attempt sent the charge and never heard back: the provider knows whether it went through (and
    // the order may even be recorded as paid already, by the worker or by that attempt before it died).
    const [sent] = await db.query<{ id: number; number: string }>(
      'select o.id, o.order_number as number from wallet_requests w join orders o on o.id = w.order_id where w.customer_id = $1 and w.key = $2',
      [request.customerId, request.key],
    )
    const earlier = sent && (await paidWalletCharge(provider, sent.number))
    if (sent && earlier) {
      await recordReportedPayment(db, request.partner, request.network, earlier, request.log, request.notice)
      return walletAnswer(db, earlier, sent)
    }
  }
  const payable = await payableOrder(db, request.customerId, request.orderId)
  if (!payable.ok) return { status: payable.status, body: { error: payable.error } }
  const { order } = payable
  if (!sameAmount(request.amount, order.total_price)) return { status: 422, body: { error: amountMismatch } }
  const ours = { id: order.order_id, number: order.number }
  // Committed before the charge leaves, so whoever finds this request unanswered knows to ask the provider.
  await db.query('update wallet_requests set order_id = $3, charging_since = now(), next_check_at = null where customer_id = $1 and key = $2', [
    request.customerId,
    request.key,
    order.order_id,
  ])
  try {
    const payment = await provider.chargeWallet({
      // The provider takes two decimals; the ten of the wallet call are the storefront's own contract.
      amount: cardAmount(order.total_price),
      currency: PAYMENT_CURRENCY,
      merchantTransactionId: order.number,
      token: request.token,
    })
    if (outcomeOf(payment.result.code) === 'successful') {
      await recordPaymentOnce(
        db,
        {
          method: 'wallet',
          checkoutId: null,
          orderId: order.order_id,
          orderNumber: order.number,
          amount: order.total_price,
          currency: PAYMENT_CURRENCY,
          payment,
          partner: request.partner,
          network: request.network,
          ...(request.notice ? { notice: request.notice } : {}),
        },
        request.log,
      )
    }
    return walletAnswer(db, payment, ours)
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error
    const body: WalletPaymentAnswer = { status: 400, result: error.result, order_id: order.order_id, order_number: order.number, payment_id: null }
    return { status: 400, body }
  }
}
