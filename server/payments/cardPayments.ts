import { cardAmount, outcomeOf, PAYMENT_CURRENCY, statusOfOutcome } from '../../src/domain/payment.ts'
import type { Checkout, PaymentStatus } from '../../src/domain/payment.ts'
import type { Partner } from '../orders/partner.ts'
import type { NetworkSource } from '../../src/domain/service.ts'
import type { Db, Queryable } from '../db/types.ts'
import type { FinanceNotice } from './financeNotice.ts'
import type { Logger } from '../log.ts'
import { alreadyPaid, payableOrder } from './payableOrder.ts'
import { ProviderRefused, ProviderUnavailable } from './provider.ts'
import type { CardProvider, ProviderPayment } from './provider.ts'
import { lockCustomerOf, recordedPayment, recordPaymentOnce } from './recordPayment.ts'
import type { PaymentToRecord } from './recordPayment.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

export const checkoutNotFound = serverMessages.checkoutNotFound
export const othersCheckout = serverMessages.othersPayments

export type Refusal = { ok: false; status: 403 | 404 | 409; error: string }

// The customer's details are optional to the provider and refused past its limits (OPPWA: 48, 48, 128), so longer ones are left out.
const fits = (text: string | undefined, max: number) => (text && text.length <= max ? text : '')

/** A checkout younger than this is offered again rather than replaced: the provider keeps one 30 minutes. */
export const reuseCheckoutWithinMs = 20 * 60 * 1000

interface OpenCheckout {
  id: string
  customer_id: number | null
  amount: number
  currency: string
  age_ms: number
}

const openCheckoutsOf = (db: Queryable, orderId: number) =>
  db.query<OpenCheckout>(
    `select id, customer_id, amount, currency, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms
     from checkouts where order_id = $1 and settled_at is null and voided_at is null order by created_at desc, id`,
    [orderId],
  )

// Still open until the provider forgets it, so the worker finds a payment someone makes on it anyway (flagged for refund).
const voidCheckouts = (db: Queryable, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.query('update checkouts set voided_at = now() where id = any($1::text[]) and voided_at is null', [ids])

/** Whether the provider's answer shows a payment made (or being made) on the checkout, not just the checkout waiting. */
export const paymentAttempted = (payment: ProviderPayment) => Boolean(payment.paymentBrand || payment.amount || payment.card)

/**
 * Creates the card checkout for the customer's unpaid order; the amount is the server's order total. An order has one
 * checkout open at a time: a second request gets the earlier one back while the provider shows it waiting for a card
 * and it is young enough, and otherwise voids it (a payment made on it later is flagged for refund, never credited).
 */
export async function createCardCheckout(
  db: Db,
  provider: CardProvider,
  partner: Partner,
  network: NetworkSource,
  customerId: number,
  orderId: number,
  log: Logger,
  notice?: FinanceNotice,
): Promise<{ ok: true; checkout: Checkout } | Refusal> {
  const payable = await payableOrder(db, customerId, orderId)
  if (!payable.ok) return payable
  const { order } = payable
  const amount = cardAmount(order.total_price)
  const checkoutOf = (id: string): Checkout => ({
    checkoutId: id,
    order_id: order.order_id,
    order_number: order.number,
    amount,
    currency: PAYMENT_CURRENCY,
    scriptUrl: provider.widgetScriptUrl(id),
  })
  const [latest, ...older] = await openCheckoutsOf(db, order.order_id)
  await voidCheckouts(
    db,
    older.map((o) => o.id),
  )
  if (latest) {
    const reusable = latest.customer_id === customerId && latest.age_ms < reuseCheckoutWithinMs && cardAmount(latest.amount) === amount
    const payment = reusable ? await askedAbout(provider, latest.id, log) : undefined
    // The provider did not say (down, or its limit of two status requests a minute): the one open checkout is offered again.
    if (payment === 'unknown') return { ok: true, checkout: checkoutOf(latest.id) }
    const outcome = payment ? outcomeOf(payment.result.code) : undefined
    if (payment && outcome === 'successful') {
      // Paid already (the browser never came back to ask): recorded now, and there is nothing left to pay.
      await recordPaymentOnce(db, cardPaymentOf(latest.id, order.order_id, order.number, latest, payment, partner, network, notice), log)
      return { ok: false, status: 409, error: alreadyPaid }
    }
    if (payment && outcome === 'pending' && !paymentAttempted(payment)) return { ok: true, checkout: checkoutOf(latest.id) }
    await voidCheckouts(db, [latest.id])
    log.info(
      { orderId: order.order_id, checkoutId: latest.id, outcome: payment === null ? 'gone' : (outcome ?? 'not asked') },
      'earlier card checkout voided for a new one',
    )
  }
  const [customer] = await db.query<{ first_name: string; last_name: string; email: string }>(
    'select first_name, last_name, email from customers where id = $1',
    [customerId],
  )
  const { id } = await provider.createCheckout({
    amount,
    currency: PAYMENT_CURRENCY,
    merchantTransactionId: order.number,
    customer: { givenName: fits(customer?.first_name, 48), surname: fits(customer?.last_name, 48), email: fits(customer?.email, 128) },
  })
  return db.transaction(async (tx): Promise<{ ok: true; checkout: Checkout } | Refusal> => {
    // Locked, so two requests at once leave one checkout open: the second offers the first's instead of its own.
    await lockCustomerOf(tx, order.order_id)
    await tx.query('select id from orders where id = $1 for update', [order.order_id])
    const still = await payableOrder(tx, customerId, orderId)
    if (!still.ok) return still
    const [concurrent] = await openCheckoutsOf(tx, order.order_id)
    if (concurrent && concurrent.customer_id === customerId && cardAmount(concurrent.amount) === amount)
      return { ok: true, checkout: checkoutOf(concurrent.id) }
    if (concurrent) await voidCheckouts(tx, [concurrent.id])
    await tx.query('insert into checkouts (id, customer_id, order_id, amount, currency) values ($1, $2, $3, $4, $5)', [
      id,
      customerId,
      order.order_id,
      amount,
      PAYMENT_CURRENCY,
    ])
    return { ok: true, checkout: checkoutOf(id) }
  })
}

/** The provider's answer about a checkout, or unknown when it could not give one. */
async function askedAbout(provider: CardProvider, checkoutId: string, log: Logger): Promise<ProviderPayment | null | 'unknown'> {
  try {
    return await provider.checkoutPayment(checkoutId)
  } catch (error) {
    if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error
    log.warn({ err: error, checkoutId }, 'card provider did not say how an open checkout stands: offered again')
    return 'unknown'
  }
}

/** A successful payment on a checkout, for the one recording path; the amount is the checkout's, not the provider's echo. */
function cardPaymentOf(
  checkoutId: string,
  orderId: number,
  orderNumber: string,
  checkout: { amount: number; currency: string },
  payment: ProviderPayment,
  partner: Partner,
  network: NetworkSource,
  notice: FinanceNotice | undefined,
): PaymentToRecord {
  return {
    method: 'card',
    checkoutId,
    orderId,
    orderNumber,
    amount: checkout.amount,
    currency: checkout.currency,
    payment,
    partner,
    network,
    ...(notice ? { notice } : {}),
  }
}

interface CheckoutRow {
  customer_id: number
  order_id: number
  order_number: string
  amount: number
  currency: string
}

/**
 * Asks the provider how the checkout went (200 successful, 205 pending, 400 failed) and, on success,
 * saves the payment record once and moves the order.
 */
export async function cardPaymentStatus(
  db: Db,
  provider: CardProvider,
  partner: Partner,
  network: NetworkSource,
  customerId: number,
  checkoutId: string,
  log: Logger,
  notice?: FinanceNotice,
): Promise<{ ok: true; status: PaymentStatus } | Refusal> {
  const [row] = await db.query<CheckoutRow>(
    `select c.customer_id, c.order_id, o.order_number, c.amount, c.currency
     from checkouts c join orders o on o.id = c.order_id where c.id = $1`,
    [checkoutId],
  )
  if (!row) return { ok: false, status: 404, error: checkoutNotFound }
  if (row.customer_id !== customerId) return { ok: false, status: 403, error: othersCheckout }
  const payment = await provider.checkoutPayment(checkoutId)
  if (!payment) return { ok: false, status: 404, error: checkoutNotFound }
  const outcome = outcomeOf(payment.result.code)
  const status: PaymentStatus = { status: statusOfOutcome[outcome], result: payment.result, order_id: row.order_id, order_number: row.order_number, checkoutId }
  if (outcome !== 'successful') return { ok: true, status }
  await recordPaymentOnce(db, cardPaymentOf(checkoutId, row.order_id, row.order_number, row, payment, partner, network, notice), log)
  return { ok: true, status: { ...status, recorded: await recordedPayment(db, { method: 'card', checkoutId }) } }
}
