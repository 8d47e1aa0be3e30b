import type { NetworkSource, ProductBilling } from '../../src/domain/service.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Queryable } from '../db/types.ts'
import { serviceReferenceFor } from './serviceReference.ts'

interface LineRow {
  customer_id: number
  number: number
  product_id: number
  name: string
  friendly_name: string
  billing: ProductBilling
}

/**
 * Gives each line of a paid order its SIM service, being prepared: no ICCID (fulfilment records the SIM it dispatches),
 * no number or IMSI (the network gives them at activation), no balances or usage (the network reports them), on the
 * configured network. Run it in the transaction that moves the order to "Queued for delivery", once; a line that
 * already has its service is skipped (unique order line), so it never provisions twice. Prepaid or monthly comes from
 * the product's billing column; a bundle's order is never a SIM. Returns the new service ids.
 */
export async function provisionOrder(tx: Queryable, orderId: number, network: NetworkSource, now = new Date()): Promise<number[]> {
  const lines = await tx.query<LineRow>(
    `select o.customer_id, l.number, l.product_id, l.name, l.friendly_name, p.billing
     from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
     where l.order_id = $1 and not exists (select 1 from services s where s.order_id = l.order_id and s.order_line = l.number)
       and not exists (select 1 from bundle_purchases b where b.order_id = l.order_id)
     order by l.number`,
    [orderId],
  )
  const ids: number[] = []
  for (const line of lines) {
    const [reserved] = await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('services', 'id')) as id")
    const id = defined(reserved, 'a reserved service id').id
    await tx.query(
      `insert into services (id, customer_id, order_id, order_line, product_id, product, billing, name, status, activation_date, last_updated,
         service_reference, subscriptions, scheduled_actions, life, life_since, life_position, network)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $9, $10, $11::text::jsonb, '[]', 'preparing', $9, 0, $12)`,
      [
        id,
        line.customer_id,
        orderId,
        line.number,
        line.product_id,
        line.name,
        line.billing,
        line.friendly_name.trim() || line.name,
        now,
        serviceReferenceFor(id),
        JSON.stringify([{ name: line.name }]),
        network,
      ],
    )
    ids.push(id)
  }
  return ids
}
