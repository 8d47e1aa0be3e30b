import { canPay, ORDER_STATUS_NEW } from '../../src/domain/order.ts'
import { ORDER_STATUS_PAID } from '../../src/domain/payment.ts'
import type { RecordedPayment } from '../../src/domain/payment.ts'
import type { NetworkSource } from '../../src/domain/service.ts'
import type { Partner } from '../orders/partner.ts'
import type { Db, Queryable } from '../db/types.ts'
import { creditBundle } from '../bundles/creditBundle.ts'
import { provisionOrder } from '../services/provisionOrder.ts'
import type { Logger } from '../log.ts'
import { payments } from '../metrics.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { receiptMail } from '../mail/templates/receipt.ts'
import { storedLanguage } from '../accounts/accountLanguage.ts'
import type { ProviderPayment } from './provider.ts'
import type { RefundDueReason } from '../../src/domain/refunds.ts'
import { queueRefundOwedNotice } from './financeNotice.ts'
import { pushPaymentReceived } from '../push/paymentPushes.ts'
import type { FinanceNotice } from './financeNotice.ts'

/** A successful provider payment, ready to be saved as a payment record (for the order's customer, or no one once deleted). */
export interface PaymentToRecord {
  method: 'card' | 'wallet'
  /** The card checkout it paid (null for a wallet payment). */
  checkoutId: string | null
  orderId: number
  orderNumber: string
  amount: number
  currency: string
  payment: ProviderPayment
  partner: Partner
  /** Whose network the SIMs it pays for are on (the configured network's source). */
  network: NetworkSource
  /** Who is told when it turns out owed back (FINANCE_EMAIL); the demo's address when not given. */
  notice?: FinanceNotice
}

/** Why money taken paid nothing and is owed back (payments.refund_reason, migration 015). */
export type RefundReason = RefundDueReason

/** credited: saved, and it paid its order; refund_due: saved, paid nothing, flagged for refund; known: saved before. */
export type Recorded = 'credited' | 'refund_due' | 'known'

/**
 * Saves the payment once and moves its order from "Payment not Completed" to "Queued for delivery" in the same
 * transaction, provisioning one SIM service per order line (a bundle's order instead credits the bundle to its SIM).
 * The provider's transaction id (and a card checkout) are unique, so asking again, a second tab or a retried request
 * finds the record already there and changes nothing. A payment that cannot pay its order (the order was paid by
 * another, its checkout was voided, its customer deleted) is saved as refund_due, credits nothing, and is logged.
 */
export async function recordPaymentOnce(db: Db, p: PaymentToRecord, log: Logger): Promise<Recorded> {
  const outcome = await db.transaction((tx) => recordPayment(tx, p))
  // Counted by the one call that saved it (the record is unique): known means another counted it.
  if (outcome.recorded !== 'known') payments.inc({ method: p.method, outcome: outcome.recorded === 'credited' ? 'paid' : 'refund_due' })
  if (outcome.recorded === 'refund_due')
    log.warn(
      { orderId: p.orderId, checkoutId: p.checkoutId, paymentId: p.payment.id, method: p.method, reason: outcome.reason, reconciliation: 'refund_due' },
      'payment flagged for refund: it paid nothing',
    )
  return outcome.recorded
}

/** recordPaymentOnce inside a transaction the caller holds (the demo seed writes its history in one). */
export async function recordPayment(
  tx: Queryable,
  p: PaymentToRecord,
  { receipt }: { receipt: boolean } = { receipt: true },
): Promise<{ recorded: Recorded; reason?: RefundReason }> {
  await lockCustomerOf(tx, p.orderId)
  // Locked, so two successes for one order are decided one after the other: the second finds the order paid.
  const [order] = await tx.query<{ customer_id: number | null; status: string }>('select customer_id, status from orders where id = $1 for update', [p.orderId])
  const [checkout] = p.checkoutId
    ? await tx.query<{ voided: boolean }>('select voided_at is not null as voided from checkouts where id = $1', [p.checkoutId])
    : []
  const reason: RefundReason | undefined =
    !order || order.customer_id === null ? 'no customer' : checkout?.voided ? 'voided checkout' : !canPay(order.status) ? 'already paid' : undefined
  // A payment for no one keeps nothing of the person: no holder, no card digits, no expiry.
  const card = reason === 'no customer' ? undefined : p.payment.card
  const transactionId = transactionIdOf(p.payment, p.checkoutId)
  const inserted = await tx.query<{ id: number }>(
    `insert into payments (transaction_id, registration, method, user_id, order_id, order_number, amount, currency,
       brand, bin, lastfour, holder, expiry_month, expiry_year, status, result_code, comments, partner, reconciliation, refund_reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'success', $15, $16, $17::text::jsonb, $18, $19)
     on conflict do nothing
     returning id`,
    [
      transactionId,
      p.checkoutId,
      p.method,
      order?.customer_id ?? null,
      p.orderId,
      p.orderNumber,
      p.amount,
      p.currency,
      p.payment.paymentBrand,
      card?.bin ?? '',
      card?.last4Digits ?? '',
      card?.holder ?? '',
      card?.expiryMonth ?? '',
      card?.expiryYear ?? '',
      p.payment.result.code,
      p.payment.result.description,
      JSON.stringify(p.partner),
      reason ? 'refund_due' : 'credited',
      reason ?? null,
    ],
  )
  // The checkout is settled however its payment reached us (its browser, the worker, a webhook): nobody asks again.
  if (p.checkoutId) await tx.query('update checkouts set settled_at = now() where id = $1 and settled_at is null', [p.checkoutId])
  if (inserted.length === 0) return { recorded: 'known' }
  if (reason) {
    // Finance is told in the transaction that marks it: the notice exists exactly when the money owed back does (the
    // demo's history, which mails nothing, tells no one).
    if (receipt) await queueRefundOwedNotice(tx, p.notice, { orderNumber: p.orderNumber, amount: p.amount, reason })
    return { recorded: 'refund_due', reason }
  }
  await tx.query('update orders set status = $2 where id = $1', [p.orderId, ORDER_STATUS_PAID])
  await tx.query('update order_lines set status = $2 where order_id = $1 and status = $3', [p.orderId, ORDER_STATUS_PAID, ORDER_STATUS_NEW])
  // Only the payment that moved the order provisions (or credits its bundle): a second payment of a paid order is refund_due above.
  if ((await creditBundle(tx, p.orderId)) === 'not a bundle') await provisionOrder(tx, p.orderId, p.network)
  // Queued only by the insert that credited the order, in its transaction: however many times the payment is reported, one receipt.
  if (receipt) await queueReceipt(tx, p)
  // The devices are told in the same transaction, once: also when a webhook or the worker recorded it after the customer left.
  if (receipt) await pushPaymentReceived(tx, { orderId: p.orderId, paymentId: Number(inserted[0]?.id), amount: p.amount })
  return { recorded: 'credited' }
}

/** The record's transaction id: the provider's payment id; a provider that answers without one still has one transaction per checkout. */
const transactionIdOf = (payment: ProviderPayment, checkoutId: string | null) => payment.id ?? `checkout:${checkoutId}`

/** Which payment record: a card payment's is its checkout's, a wallet payment's is the provider's transaction's. */
export type RecordOf = { method: 'card'; checkoutId: string } | { method: 'wallet'; payment: ProviderPayment }

/**
 * What a successful payment's record says it did, however it was recorded (the call that took it, an earlier one, the
 * worker, a webhook): the provider calls a payment flagged for refund a success too, and the customer must not be told so.
 */
export async function recordedPayment(db: Queryable, of: RecordOf): Promise<RecordedPayment> {
  const [column, value] = of.method === 'card' ? ['registration', of.checkoutId] : ['transaction_id', transactionIdOf(of.payment, null)]
  const [record] = await db.query<{ reconciliation: string; order_status: string }>(
    `select p.reconciliation, o.status as order_status from payments p join orders o on o.id = p.order_id
     where p.${column} = $1 and p.method = $2`,
    [value, of.method],
  )
  if (!record) throw new Error(`${of.method} payment ${value}: a successful payment with no payment record`)
  if (record.reconciliation !== 'refund_due') return 'paid'
  return canPay(record.order_status) ? 'refund_due' : 'paid_twice'
}

async function queueReceipt(tx: Queryable, p: PaymentToRecord): Promise<void> {
  const [order] = await tx.query<{ email: string; first_name: string; verified: boolean; language: string }>(
    `select c.email, c.first_name, c.email_verified_at is not null as verified, c.language
     from orders o join customers c on c.id = o.customer_id where o.id = $1`,
    [p.orderId],
  )
  if (!order) return
  const lines = await tx.query<{ name: string }>('select name from order_lines where order_id = $1 order by number', [p.orderId])
  const last4 = p.payment.card?.last4Digits
  await queueMail(tx, {
    to: order.email,
    language: storedLanguage(order.language),
    template: receiptMail,
    values: {
      firstName: nameToGreet(order),
      orderNumber: p.orderNumber,
      amount: p.amount,
      items: lines.map((l) => l.name),
      paidWith: last4 ? `${p.payment.paymentBrand} •••• ${last4}` : p.payment.paymentBrand,
    },
  })
}

/**
 * Takes the order's customer as deleteCustomer does, customer before order, so a payment and a deletion at once wait
 * for each other instead of deadlocking (the payment's row would need the customer the deletion locked); once the
 * deletion commits, the order reads as having no customer.
 */
export async function lockCustomerOf(tx: Queryable, orderId: number): Promise<void> {
  const [order] = await tx.query<{ customer_id: number | null }>('select customer_id from orders where id = $1', [orderId])
  if (order?.customer_id != null) await tx.query('select id from customers where id = $1 for key share', [order.customer_id])
}

/** How many payment records an order has (tests and the billing view read it). */
export async function countPayments(db: Db, orderId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from payments where order_id = $1', [orderId])
  return row?.n ?? 0
}

/** A payment record with the field names the client reads. */
export interface PaymentRecord {
  payment_id: string
  transaction_id: string
  registration: string | null
  user_id: number
  order_id: number
  order_number: string
  amount: number
  currency: string
  effective_date: string
  brand: string
  bin: string
  lastfour: string
  holder: string
  expiry_month: string
  expiry_year: string
  status: string
  comments: string
  partner: unknown
}

/** The customer's payment records, newest first. */
export async function listPayments(db: Db, customerId: number): Promise<PaymentRecord[]> {
  const rows = await db.query<Omit<PaymentRecord, 'payment_id' | 'effective_date'> & { id: number; effective_date: Date | string }>(
    `select id, transaction_id, registration, user_id, order_id, order_number, amount, currency, effective_date, brand, bin, lastfour,
       holder, expiry_month, expiry_year, status, comments, partner
     from payments where user_id = $1 order by effective_date desc, id desc`,
    [customerId],
  )
  return rows.map(({ id, effective_date, ...row }) => ({ ...row, payment_id: String(id), effective_date: new Date(effective_date).toISOString() }))
}
