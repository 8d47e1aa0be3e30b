import { canPay, statusLook } from '../../src/domain/order.ts'
import { ORDER_STATUS_PAID } from '../../src/domain/payment.ts'
import type { Queryable } from '../db/types.ts'
import { loadOrder } from '../orders/orderReply.ts'
import type { OrderReply } from '../orders/orderReply.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

export const orderNotFound = serverMessages.orderNotFound
export const othersOrder = serverMessages.othersOrder
export const alreadyPaid = serverMessages.alreadyPaid
export const notPayable = serverMessages.notPayable

export type Payable = { ok: true; order: OrderReply } | { ok: false; status: 403 | 404 | 409; error: string }

/** The customer's own order, and only while it waits for payment ("Payment not Completed"). */
export async function payableOrder(db: Queryable, customerId: number, orderId: number): Promise<Payable> {
  const found = await loadOrder(db, orderId)
  if (!found) return { ok: false, status: 404, error: orderNotFound }
  if (found.customerId !== customerId) return { ok: false, status: 403, error: othersOrder }
  if (!canPay(found.order.status)) {
    // Queued for delivery, or already active (a SIM switched on, a bundle credited): either way it was paid.
    const paid = found.order.status.toLowerCase() === ORDER_STATUS_PAID.toLowerCase() || statusLook(found.order.status) === 'approved'
    return { ok: false, status: 409, error: paid ? alreadyPaid : notPayable }
  }
  return { ok: true, order: found.order }
}
