import { bundleTitle, type Bundle } from '../../src/domain/bundle.ts'
import { defined } from '../../src/domain/defined.ts'
import { ORDER_STATUS_NEW } from '../../src/domain/order.ts'
import type { Partner } from '../orders/partner.ts'
import type { Queryable } from '../db/types.ts'
import { NEXT_ORDER_NUMBER } from '../orders/placeOrder.ts'

/** The SIM a bundle is bought for, as the purchase needs it. */
export interface BundleSim {
  id: number
  product_id: number
  name: string
}

// Nothing is delivered: the bundle is credited to the SIM once paid.
const noDelivery = { type: 'none', time: '', instructions: '', sales_channel: 'WEB', rica_type: 'none' }

/**
 * Places the order that pays for a bundle: one line (the bundle, on the SIM's product, named after the SIM) at the
 * server's price, "Payment not Completed" like any new order, and the purchase row saying what it adds to which SIM.
 * `key` is the purchase's Idempotency-Key, kept as the order's client id so a late retry finds it. Returns the order id.
 */
export async function insertBundleOrder(tx: Queryable, customerId: number, key: string, sim: BundleSim, bundle: Bundle, partner: Partner): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into orders (order_number, customer_id, client_order_id, status, total_price, delivery_address, delivery, partner)
     select next.order_number, $1, $2, $3, $4, '{}'::jsonb, $5::text::jsonb, $6::text::jsonb
     from (${NEXT_ORDER_NUMBER}) as next
     returning id`,
    [customerId, key, ORDER_STATUS_NEW, bundle.price, JSON.stringify(noDelivery), JSON.stringify(partner)],
  )
  const id = defined(row, 'the inserted bundle order').id
  await tx.query(
    `insert into order_lines (order_id, number, product_id, name, unit_price, friendly_name, status)
     values ($1, 1, $2, $3, $4, $5, $6)`,
    [id, sim.product_id, bundleTitle(bundle, 'en'), bundle.price, sim.name, ORDER_STATUS_NEW],
  )
  await tx.query('insert into bundle_purchases (order_id, service_id, bundle_id, kind, amount, validity_days) values ($1, $2, $3, $4, $5, $6)', [
    id,
    sim.id,
    bundle.id,
    bundle.kind,
    bundle.amount,
    bundle.validity_days,
  ])
  return id
}
