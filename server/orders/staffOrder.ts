import type { StaffOrder } from '../../src/domain/staffOrderSchemas.ts'
import type { OrderStage } from '../../src/domain/staffOrders.ts'
import type { Queryable } from '../db/types.ts'
import { simLifeColumns, simLifeView } from '../network/simLife.ts'
import type { SimLifeRow } from '../network/simLife.ts'
import { orderStageSql } from './orderStage.ts'
import { orderTimeline } from './orderTimeline.ts'

/**
 * One order as staff see it: its lines, its customer (name and email, nothing secret), its payments with their
 * reconciliation, its SIMs with their life, and the timeline of every event naming its actor.
 */
export async function loadStaffOrder(db: Queryable, number: string): Promise<StaffOrder | undefined> {
  const [order] = await db.query<{
    id: number
    order_number: string
    status: string
    stage: OrderStage
    total_price: number
    order_date: Date
    customer_id: number
    first_name: string
    last_name: string
    email: string
  }>(
    `select o.id, o.order_number, o.status, ${orderStageSql} as stage, o.total_price, o.order_date, o.customer_id, c.first_name, c.last_name, c.email
     from orders o join customers c on c.id = o.customer_id where upper(o.order_number) = upper($1)`,
    [number],
  )
  if (!order) return undefined
  const lines = await db.query<{ number: number; name: string; unit_price: number; status: string }>(
    'select number, name, unit_price, status from order_lines where order_id = $1 order by number',
    [order.id],
  )
  const payments = await db.query<{
    transaction_id: string
    method: string
    brand: string
    amount: number
    currency: string
    status: string
    effective_date: Date
    reconciliation: string
    refund_reason: string | null
  }>(
    'select transaction_id, method, brand, amount, currency, status, effective_date, reconciliation, refund_reason from payments where order_id = $1 order by effective_date, id',
    [order.id],
  )
  const refunds = await db.query<{
    amount_cents: number
    reason: string
    note: string
    order_line: number | null
    status: 'pending' | 'refunded' | 'failed'
    email: string | null
    at: Date
    result_code: string | null
    result_description: string | null
  }>(
    `select r.amount_cents::float8 as amount_cents, r.reason, r.note, r.order_line, r.status, s.email, coalesce(r.settled_at, r.created_at) as at,
       r.result_code, r.result_description
     from refunds r left join staff s on s.id = r.staff_id where r.order_id = $1 order by r.created_at, r.id`,
    [order.id],
  )
  const sims = await db.query<
    SimLifeRow & { id: number; name: string; product: string; service_reference: string; iccid: string | null; service_number: string | null }
  >(`select id, name, product, service_reference, iccid, service_number, ${simLifeColumns} from services where order_id = $1 order by order_line, id`, [
    order.id,
  ])
  return {
    number: order.order_number,
    status: order.status,
    stage: order.stage,
    total_price: Number(order.total_price),
    order_date: new Date(order.order_date).toISOString(),
    lines: lines.map((l) => ({ ...l, unit_price: Number(l.unit_price) })),
    customer: { id: Number(order.customer_id), name: `${order.first_name} ${order.last_name}`.trim(), email: order.email },
    payments: payments.map((p) => ({
      id: p.transaction_id,
      method: p.method,
      brand: p.brand,
      amount: Number(p.amount),
      currency: p.currency,
      status: p.status,
      at: new Date(p.effective_date).toISOString(),
      reconciliation: p.reconciliation,
      refund_reason: p.refund_reason,
    })),
    refunds: refunds.map((r) => ({
      amount: Number(r.amount_cents) / 100,
      reason: r.reason,
      note: r.note,
      orderLine: r.order_line,
      status: r.status,
      staff: r.email,
      at: new Date(r.at).toISOString(),
      result: r.result_code === null ? null : `${r.result_code} ${r.result_description ?? ''}`.trim(),
    })),
    sims: sims.map((s) => ({
      id: Number(s.id),
      name: s.name,
      product: s.product,
      reference: s.service_reference,
      iccid: s.iccid,
      number: s.service_number,
      life: simLifeView(s),
    })),
    timeline: await orderTimeline(db, { id: order.id, number: order.order_number, placedAt: order.order_date, customer: { email: order.email } }),
  }
}
