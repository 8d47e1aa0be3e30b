import type { Queryable } from '../db/types.ts'
import { queueNetworkRequest } from '../network/networkRequests.ts'
import { pushBundleCredited } from '../push/simPushes.ts'

/** A paid bundle's order once the network has added the bundle to its SIM: it looks approved. */
export const BUNDLE_STATUS_ACTIVE = 'Active'

/** A paid bundle's order until the network says it added the bundle (its request.applied event). */
export const BUNDLE_STATUS_WAITING = 'Waiting for the network'

/** What crediting an order's bundle did. */
export type CreditOutcome = 'credited' | 'credited before' | 'not a bundle'

/**
 * Asks the network to add the order's bundle to its SIM: the add_bundle request goes into the network outbox, named by
 * the order number, and the order waits for the network; the SIM's balances change when the network reports them.
 * Run it in the transaction that records the payment which moved the order: the purchase row is taken with one
 * conditional update, so a second success (a second tab, the worker, a webhook) finds it credited and asks nothing.
 */
export async function creditBundle(tx: Queryable, orderId: number, paidAt = new Date()): Promise<CreditOutcome> {
  const [taken] = await tx.query<{ service_id: number; kind: string; amount: number; validity_days: number; order_number: string }>(
    `update bundle_purchases b set credited_at = $2 from orders o where b.order_id = $1 and o.id = b.order_id and b.credited_at is null
     returning b.service_id, b.kind, b.amount, b.validity_days, o.order_number`,
    [orderId, paidAt],
  )
  if (!taken) {
    const [known] = await tx.query('select 1 from bundle_purchases where order_id = $1', [orderId])
    return known ? 'credited before' : 'not a bundle'
  }
  const { kind, amount, validity_days } = taken
  await queueNetworkRequest(tx, {
    serviceId: taken.service_id,
    kind: 'add_bundle',
    body: { bundle: { kind, amount, validity_days }, reference: taken.order_number },
  })
  await setBundleOrderStatus(tx, orderId, BUNDLE_STATUS_WAITING)
  return 'credited'
}

/** The network added the bundle its add_bundle request named by this order number: the order is active (the request.applied event). */
export async function bundleApplied(tx: Queryable, orderNumber: string): Promise<void> {
  const [order] = await tx.query<{ id: number }>('select o.id from orders o join bundle_purchases b on b.order_id = o.id where o.order_number = $1', [
    orderNumber,
  ])
  if (!order) return
  await setBundleOrderStatus(tx, order.id, BUNDLE_STATUS_ACTIVE)
  await pushBundleCredited(tx, Number(order.id))
}

async function setBundleOrderStatus(tx: Queryable, orderId: number, status: string): Promise<void> {
  await tx.query('update orders set status = $2 where id = $1', [orderId, status])
  await tx.query('update order_lines set status = $2 where order_id = $1', [orderId, status])
}
