import { ORDER_STATUS_NEW } from '../../src/domain/order.ts'
import { ORDER_STATUS_PAID } from '../../src/domain/payment.ts'
import type { Partner } from '../config.ts'
import type { Db, Queryable } from '../db/types.ts'
import { creditBundle } from '../bundles/creditBundle.ts'
import { provisionOrder } from '../services/provisionOrder.ts'
import type { ProviderPayment } from './provider.ts'

/** A successful provider payment, ready to be saved as a payment record. */
export interface PaymentToRecord {
  method: 'card' | 'wallet'
  /** The card checkout it paid (null for a wallet payment). */
  checkoutId: string | null
  customerId: number
  orderId: number
  orderNumber: string
  amount: number
  currency: string
  payment: ProviderPayment
  partner: Partner
}

/**
 * Saves the payment once and moves its order from "Payment not Completed" to "Queued for delivery" in the same
 * transaction, provisioning one SIM service per order line (a bundle's order instead credits the bundle to its SIM).
 * The provider's transaction id (and a card checkout) are unique, so asking again, a second tab or a retried request
 * finds the record already there and changes nothing.
 * Returns whether this call saved it.
 */
export function recordPaymentOnce(db: Db, p: PaymentToRecord): Promise<boolean> {
  return db.transaction((tx) => recordPayment(tx, p))
}

/** recordPaymentOnce inside a transaction the caller holds (the demo seed writes its history in one). */
export async function recordPayment(tx: Queryable, p: PaymentToRecord): Promise<boolean> {
  const card = p.payment.card
  // A provider that answers without a payment id still has one transaction per checkout.
  const transactionId = p.payment.id ?? `checkout:${p.checkoutId}`
  const inserted = await tx.query<{ id: number }>(
    `insert into payments (transaction_id, registration, method, user_id, order_id, order_number, amount, currency,
       brand, bin, lastfour, holder, expiry_month, expiry_year, status, result_code, comments, partner)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'success', $15, $16, $17::text::jsonb)
     on conflict do nothing
     returning id`,
    [
      transactionId,
      p.checkoutId,
      p.method,
      p.customerId,
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
    ],
  )
  // The checkout is settled however its payment reached us (its browser, the worker, a webhook): nobody asks again.
  if (p.checkoutId) await tx.query('update checkouts set settled_at = now() where id = $1 and settled_at is null', [p.checkoutId])
  if (inserted.length === 0) return false
  const moved = await tx.query('update orders set status = $2 where id = $1 and status = $3 returning id', [p.orderId, ORDER_STATUS_PAID, ORDER_STATUS_NEW])
  await tx.query('update order_lines set status = $2 where order_id = $1 and status = $3', [p.orderId, ORDER_STATUS_PAID, ORDER_STATUS_NEW])
  // Only the payment that moved the order provisions (or credits its bundle): a second payment of a paid order (two checkouts) adds nothing.
  if (moved.length > 0 && (await creditBundle(tx, p.orderId)) === 'not a bundle') await provisionOrder(tx, p.orderId)
  return true
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
