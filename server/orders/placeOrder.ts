import { DEFAULT_LANGUAGE } from '../../src/domain/languageCodes.ts'
import type { Language } from '../../src/domain/languageCodes.ts'
import { DELIVERY_DEFAULTS, ORDER_STATUS_NEW, unavailableText } from '../../src/domain/order.ts'
import type { CreateOrderRequest } from '../../src/domain/order.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Partner } from './partner.ts'
import type { Queryable } from '../db/types.ts'

type NewOrder = CreateOrderRequest['order']

/** A line priced from the catalogue: the client's name and price are never used. */
interface PricedLine {
  product_id: number
  name: string
  unit_price: number
  friendly_name: string
  comments: string
}

/** The first line whose product is unknown or no longer sold, as the 422 body names it. */
export interface Unavailable {
  error: string
  code: 'product_unavailable'
  product_id: number
}

interface ProductRow {
  id: number
  name: string
  unit_price: number
  active: boolean
}

const toCents = (rand: number) => Math.round(rand * 100)

/** The next order number, 'SO-' and at least six digits from order_numbers: one numbering for every kind of order. */
export const NEXT_ORDER_NUMBER =
  "select 'SO-' || lpad(n::text, greatest(6, length(n::text)), '0') as order_number from (select nextval('order_numbers') as n) as next"
// JSON goes in as $n::text::jsonb: postgres.js would encode a string bound straight to jsonb a second time.

/** Prices every line from the products table; the first product that is missing or inactive makes the order unavailable. */
export async function priceLines(tx: Queryable, lines: NewOrder['order_lines']): Promise<PricedLine[] | Unavailable> {
  const ids = [...new Set(lines.map((l) => l.product_id))]
  const rows = await tx.query<ProductRow>(
    'select id, name, unit_price, active from products where id in (select jsonb_array_elements_text($1::text::jsonb)::integer)',
    [JSON.stringify(ids)],
  )
  const products = new Map(rows.map((p) => [p.id, p]))
  const priced: PricedLine[] = []
  for (const line of lines) {
    const product = products.get(line.product_id)
    if (!product?.active) {
      return { error: unavailableText(product?.name ?? line.name), code: 'product_unavailable', product_id: line.product_id }
    }
    const config = line.product_configs.configs[0]
    priced.push({
      product_id: product.id,
      name: product.name,
      unit_price: product.unit_price,
      friendly_name: config?.friendly_name ?? '',
      comments: config?.comments ?? '',
    })
  }
  return priced
}

/** Inserts the order and its lines with the server's prices, delivery defaults and partner; returns the new id. */
export async function insertOrder(
  tx: Queryable,
  customerId: number,
  order: NewOrder,
  lines: PricedLine[],
  partner: Partner,
  language: Language = DEFAULT_LANGUAGE,
): Promise<number> {
  const total = lines.reduce((sum, l) => sum + toCents(l.unit_price), 0) / 100
  // Only when and how to deliver come from the customer; the channel and RICA method are the storefront's.
  const delivery = { ...DELIVERY_DEFAULTS, time: order.delivery.time, instructions: order.delivery.instructions }
  const [row] = await tx.query<{ id: number }>(
    `insert into orders (order_number, customer_id, client_order_id, status, total_price, delivery_address, delivery, partner, language)
     select next.order_number, $1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7::text::jsonb, $8
     from (${NEXT_ORDER_NUMBER}) as next
     returning id`,
    [customerId, order.id, ORDER_STATUS_NEW, total, JSON.stringify(order.deliveryAddress), JSON.stringify(delivery), JSON.stringify(partner), language],
  )
  const id = defined(row, 'the inserted order').id
  await tx.query(
    `insert into order_lines (order_id, number, product_id, name, unit_price, friendly_name, comments, status)
     select $1, l.number, l.product_id, l.name, l.unit_price, l.friendly_name, l.comments, $3
     from jsonb_to_recordset($2::text::jsonb)
       as l(number integer, product_id integer, name text, unit_price numeric, friendly_name text, comments text)`,
    [id, JSON.stringify(lines.map((l, i) => ({ number: i + 1, ...l }))), ORDER_STATUS_NEW],
  )
  return id
}

/** The customer's order placed under this client order id, e.g. by a retry that arrived after its key expired. */
export async function findOrderId(tx: Queryable, customerId: number, clientOrderId: string): Promise<number | undefined> {
  const [row] = await tx.query<{ id: number }>('select id from orders where customer_id = $1 and client_order_id = $2', [customerId, clientOrderId])
  return row?.id
}
