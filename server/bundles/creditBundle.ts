import type { Queryable } from '../db/types.ts'
import { addBundle } from '../sandbox/network/addBundle.ts'
import type { BoughtBundle, BundleTarget } from '../sandbox/network/addBundle.ts'

/** A paid bundle's order is done at once: nothing waits for delivery, so it looks approved. */
export const BUNDLE_STATUS_ACTIVE = 'Active'

/** What crediting an order's bundle did. */
export type CreditOutcome = 'credited' | 'credited before' | 'not a bundle'

/**
 * Adds the order's bundle to its SIM. Run it in the transaction that records the payment which moved the order:
 * the purchase row is taken with one conditional update, so a second success (a second tab, the worker, a webhook)
 * finds it credited and adds nothing.
 */
export async function creditBundle(tx: Queryable, orderId: number, paidAt = new Date()): Promise<CreditOutcome> {
  const [taken] = await tx.query<BoughtBundle & { service_id: number }>(
    `update bundle_purchases set credited_at = $2 where order_id = $1 and credited_at is null
     returning service_id, kind, amount, validity_days`,
    [orderId, paidAt],
  )
  if (!taken) {
    const [known] = await tx.query('select 1 from bundle_purchases where order_id = $1', [orderId])
    return known ? 'credited before' : 'not a bundle'
  }
  const [sim] = await tx.query<BundleTarget>('select billing, additional_balances, spend_limit_available from services where id = $1 for update', [
    taken.service_id,
  ])
  if (!sim) throw new Error(`bundle purchase of order ${orderId} names no service`)
  const after = addBundle(sim, taken, paidAt)
  await tx.query(`update services set additional_balances = $2::text::jsonb, spend_limit_available = $3, last_updated = $4 where id = $1`, [
    taken.service_id,
    after.additional_balances === null ? null : JSON.stringify(after.additional_balances),
    after.spend_limit_available,
    paidAt,
  ])
  await tx.query('update orders set status = $2 where id = $1', [orderId, BUNDLE_STATUS_ACTIVE])
  await tx.query('update order_lines set status = $2 where order_id = $1', [orderId, BUNDLE_STATUS_ACTIVE])
  return 'credited'
}
