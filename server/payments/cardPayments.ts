import { cardAmount, outcomeOf, PAYMENT_CURRENCY, statusOfOutcome } from '../../src/domain/payment.ts'
import type { Checkout, PaymentStatus } from '../../src/domain/payment.ts'
import type { Partner } from '../config.ts'
import type { Db } from '../db/types.ts'
import { payableOrder } from './payableOrder.ts'
import type { CardProvider } from './provider.ts'
import { recordPaymentOnce } from './recordPayment.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

export const checkoutNotFound = serverMessages.checkoutNotFound
export const othersCheckout = serverMessages.othersPayments

export type Refusal = { ok: false; status: 403 | 404 | 409; error: string }

// The customer's details are optional to the provider and refused past its limits (OPPWA: 48, 48, 128), so longer ones are left out.
const fits = (text: string | undefined, max: number) => (text && text.length <= max ? text : '')

/** Creates the card checkout for the customer's unpaid order; the amount is the server's order total. */
export async function createCardCheckout(
  db: Db,
  provider: CardProvider,
  customerId: number,
  orderId: number,
): Promise<{ ok: true; checkout: Checkout } | Refusal> {
  const payable = await payableOrder(db, customerId, orderId)
  if (!payable.ok) return payable
  const { order } = payable
  const [customer] = await db.query<{ first_name: string; last_name: string; email: string }>(
    'select first_name, last_name, email from customers where id = $1',
    [customerId],
  )
  const amount = cardAmount(order.total_price)
  const { id } = await provider.createCheckout({
    amount,
    currency: PAYMENT_CURRENCY,
    merchantTransactionId: order.number,
    customer: { givenName: fits(customer?.first_name, 48), surname: fits(customer?.last_name, 48), email: fits(customer?.email, 128) },
  })
  await db.query('insert into checkouts (id, customer_id, order_id, amount, currency) values ($1, $2, $3, $4, $5)', [
    id,
    customerId,
    order.order_id,
    amount,
    PAYMENT_CURRENCY,
  ])
  return {
    ok: true,
    checkout: {
      checkoutId: id,
      order_id: order.order_id,
      order_number: order.number,
      amount,
      currency: PAYMENT_CURRENCY,
      scriptUrl: provider.widgetScriptUrl(id),
    },
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
  customerId: number,
  checkoutId: string,
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
  if (outcome === 'successful') {
    await recordPaymentOnce(db, {
      method: 'card',
      checkoutId,
      customerId,
      orderId: row.order_id,
      orderNumber: row.order_number,
      // What was charged is what the checkout was created for; the provider's echo is not trusted over it.
      amount: row.amount,
      currency: row.currency,
      payment,
      partner,
    })
  }
  return {
    ok: true,
    status: { status: statusOfOutcome[outcome], result: payment.result, order_id: row.order_id, order_number: row.order_number, checkoutId },
  }
}
