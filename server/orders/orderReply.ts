import * as v from 'valibot'
import { OrderSchema } from '../../src/domain/order.ts'
import type { Order } from '../../src/domain/order.ts'
import type { OrderBundle } from '../../src/domain/bundle.ts'
import type { OrderRefund } from '../../src/domain/order.ts'
import type { RefundReason } from '../../src/domain/refunds.ts'
import type { Queryable } from '../db/types.ts'
import { simLifeColumns, simLifeView } from '../network/simLife.ts'
import type { SimLifeRow } from '../network/simLife.ts'

interface OrderRow {
  id: number
  order_number: string
  status: string
  total_price: number
  order_date: Date | string
  customer_id: number
}

interface LineRow {
  order_id: number
  number: number
  product_id: number
  name: string
  unit_price: number
  status: string
}

/** A stored order in the shape the client reads, with both spellings it reads (number / order_number, ...). */
export type OrderReply = Order & { order_id: number; order_number: string; order_date: string }

const orderColumns = 'id, order_number, status, total_price, order_date, customer_id'
const lineColumns = 'order_id, number, product_id, name, unit_price, status'
/** Bundle purchases with the bundle's names while the catalogue still offers it (bundles, bundle_texts). */
const bundlePurchases = (where: string) =>
  `select p.order_id, p.service_id, p.bundle_id, p.kind, p.amount, p.validity_days, b.name as name_en, xh.name as name_xh, af.name as name_af
   from bundle_purchases p left join bundles b on b.id = p.bundle_id and b.active
   left join bundle_texts xh on xh.bundle_id = b.id and xh.language = 'xh'
   left join bundle_texts af on af.bundle_id = b.id and af.language = 'af'
   where ${where}`

type BundleRow = Omit<OrderBundle, 'names'> & { order_id: number; name_en: string | null; name_xh: string | null; name_af: string | null }
const tagOf = ({ order_id: _order, name_en, name_xh, name_af, ...tag }: BundleRow): OrderBundle =>
  name_en === null ? tag : { ...tag, names: { en: name_en, ...(name_xh === null ? {} : { xh: name_xh }), ...(name_af === null ? {} : { af: name_af }) } }

type ServiceRow = SimLifeRow & { id: number; name: string }

interface RefundRow {
  order_id: number
  amount_cents: number
  settled_at: Date | string
  reason: RefundReason
  order_line: number | null
}

/** The refunds made of the orders' payments (never one pending or refused), oldest first. */
const refundsSql = (where: string) =>
  `select order_id, amount_cents::float8 as amount_cents, settled_at, reason, order_line from refunds where status = 'refunded' and ${where} order by settled_at, id`

const refundOf = (r: RefundRow): OrderRefund => ({
  amount: Number(r.amount_cents) / 100,
  refundedAt: new Date(r.settled_at).toISOString(),
  reason: r.reason,
  ...(r.order_line === null ? {} : { orderLine: r.order_line }),
})

function toReply(order: OrderRow, lines: LineRow[], bundle?: BundleRow, services: ServiceRow[] = [], refunds: RefundRow[] = []): OrderReply {
  const date = new Date(order.order_date).toISOString()
  const reply = {
    id: order.id,
    order_id: order.id,
    number: order.order_number,
    order_number: order.order_number,
    status: order.status,
    orderDate: date,
    order_date: date,
    total_price: order.total_price,
    order_lines: lines.map(({ number, product_id, name, unit_price, status }) => ({ number, product_id, name, unit_price, status })),
    ...(bundle ? { bundle: tagOf(bundle) } : {}),
    ...(services.length > 0 ? { services: services.map((s) => ({ id: s.id, name: s.name, life: simLifeView(s) })) } : {}),
    ...(refunds.length > 0 ? { refunds: refunds.map(refundOf) } : {}),
  }
  // Checked against the schema the client validates with, so the two cannot drift apart unnoticed.
  v.parse(OrderSchema, reply)
  return reply
}

/** One order with its lines and its owner, or undefined when there is no such order. */
export async function loadOrder(db: Queryable, id: number): Promise<{ customerId: number; order: OrderReply } | undefined> {
  const [order] = await db.query<OrderRow>(`select ${orderColumns} from orders where id = $1`, [id])
  if (!order) return undefined
  const lines = await db.query<LineRow>(`select ${lineColumns} from order_lines where order_id = $1 order by number`, [id])
  const [bundle] = await db.query<BundleRow>(bundlePurchases('p.order_id = $1'), [id])
  const services = await db.query<ServiceRow>(`select id, name, ${simLifeColumns} from services where order_id = $1 order by order_line`, [id])
  const refunds = await db.query<RefundRow>(refundsSql('order_id = $1'), [id])
  return { customerId: order.customer_id, order: toReply(order, lines, bundle, services, refunds) }
}

/** The customer's orders with their lines, newest first. */
export async function listOrders(db: Queryable, customerId: number): Promise<OrderReply[]> {
  const orders = await db.query<OrderRow>(`select ${orderColumns} from orders where customer_id = $1 order by order_date desc, id desc`, [customerId])
  const lines = await db.query<LineRow>(
    `select ${lineColumns} from order_lines where order_id in (select id from orders where customer_id = $1) order by order_id, number`,
    [customerId],
  )
  const byOrder = new Map<number, LineRow[]>()
  for (const line of lines) {
    const list = byOrder.get(line.order_id)
    if (list) list.push(line)
    else byOrder.set(line.order_id, [line])
  }
  const bundles = await db.query<BundleRow>(bundlePurchases('p.order_id in (select id from orders where customer_id = $1)'), [customerId])
  const bundleOf = new Map(bundles.map((b) => [b.order_id, b]))
  const services = await db.query<ServiceRow & { order_id: number }>(
    `select order_id, id, name, ${simLifeColumns} from services where customer_id = $1 order by order_id, order_line`,
    [customerId],
  )
  const refunds = await db.query<RefundRow>(refundsSql('order_id in (select id from orders where customer_id = $1)'), [customerId])
  return orders.map((o) =>
    toReply(
      o,
      byOrder.get(o.id) ?? [],
      bundleOf.get(o.id),
      services.filter((s) => s.order_id === o.id),
      refunds.filter((r) => r.order_id === o.id),
    ),
  )
}
