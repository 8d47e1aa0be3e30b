import type { Queryable } from '../db/types.ts'
import { pushTopic } from './delivery.ts'
import { queuePush } from './notify.ts'

/** The order's customer and number; none once the customer is deleted. */
async function orderOf(tx: Queryable, orderId: number) {
  const [order] = await tx.query<{ customer_id: number | null; order_number: string }>('select customer_id, order_number from orders where id = $1', [orderId])
  return order?.customer_id == null ? undefined : { customerId: Number(order.customer_id), orderNumber: order.order_number }
}

/** A payment paid its order (recordPayment, however it was reported: the browser, the worker, a webhook): once per payment record. */
export async function pushPaymentReceived(
  tx: Queryable,
  { orderId, paymentId, amount }: { orderId: number; paymentId: number; amount: number },
): Promise<void> {
  const order = await orderOf(tx, orderId)
  if (!order) return
  await queuePush(tx, {
    customerId: order.customerId,
    kind: 'payment_received',
    eventKey: `payment:${paymentId}`,
    values: { orderNumber: order.orderNumber, amount },
    path: `/orders/${orderId}`,
    topic: pushTopic.order(orderId),
  })
}

/**
 * A payment was declined: `attempt` names it ("checkout:<id>", "wallet:<key>"), so the worker and a webhook finding the
 * same declined checkout tell it once.
 */
export async function pushPaymentFailed(tx: Queryable, { orderId, attempt, amount }: { orderId: number; attempt: string; amount: number }): Promise<void> {
  const order = await orderOf(tx, orderId)
  if (!order) return
  await queuePush(tx, {
    customerId: order.customerId,
    kind: 'payment_failed',
    eventKey: `payment-failed:${attempt}`,
    values: { orderNumber: order.orderNumber, amount },
    path: `/orders/${orderId}`,
    topic: pushTopic.order(orderId),
  })
}

/** The provider made a refund (server/payments/refunds.ts), told once per refund. */
export async function pushRefundMade(tx: Queryable, { refundId, orderId, amount }: { refundId: number; orderId: number; amount: number }): Promise<void> {
  const order = await orderOf(tx, orderId)
  if (!order) return
  await queuePush(tx, {
    customerId: order.customerId,
    kind: 'refund_made',
    eventKey: `refund:${refundId}`,
    values: { orderNumber: order.orderNumber, amount },
    path: `/orders/${orderId}`,
    topic: pushTopic.refund(refundId),
  })
}
