import type { ProductBilling } from '../../src/domain/service.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Queryable } from '../db/types.ts'
import { iccidFor, imsiFor, serviceNumberFor } from '../sandbox/network/simNumbers.ts'
import { monthlyStart, prepaidStart } from '../sandbox/network/starterBalances.ts'
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
 * Gives each line of a paid order its SIM service. Run it in the transaction that moves the order to "Queued for
 * delivery", once; a line that already has its service is skipped (unique order line), so it never provisions twice.
 * Prepaid or monthly comes from the product's billing column; a bundle's order is never a SIM. Returns the new service ids.
 */
export async function provisionOrder(tx: Queryable, orderId: number, now = new Date()): Promise<number[]> {
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
    const prepaid = line.billing === 'prepaid' ? prepaidStart(now) : undefined
    const monthly = line.billing === 'monthly' ? monthlyStart() : undefined
    await tx.query(
      `insert into services (id, customer_id, order_id, order_line, product_id, product, billing, name, status, activation_date, last_updated,
         iccid, imsi, service_reference, service_number, subscriptions, scheduled_actions,
         available_balance, data_available_volume, additional_balances, total_usage, peak_usage, offpeak_usage, spend_limit_available)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $9, $10, $11, $12, $13, $14::text::jsonb, '[]',
         $15, $16, $17::text::jsonb, $18, $19, $20, $21)`,
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
        iccidFor(id),
        imsiFor(id),
        serviceReferenceFor(id),
        serviceNumberFor(id),
        JSON.stringify([{ name: line.name }]),
        prepaid?.available_balance ?? null,
        prepaid?.data_available_volume ?? null,
        prepaid ? JSON.stringify(prepaid.additional_balances) : null,
        monthly?.total_usage ?? null,
        monthly?.peak_usage ?? null,
        monthly?.offpeak_usage ?? null,
        monthly?.spend_limit_available ?? null,
      ],
    )
    ids.push(id)
  }
  return ids
}
