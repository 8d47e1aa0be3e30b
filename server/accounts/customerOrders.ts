import type { CustomerData } from '../../src/domain/customerDataFile.ts'
import type { Queryable } from '../db/types.ts'

interface OrderRow {
  id: number
  order_number: string
  status: string
  order_date: Date | string
  total_price: number
  delivery_address: Record<string, unknown>
  delivery: Record<string, unknown>
}

type LineRow = CustomerData['orders'][number]['order_lines'][number] & { order_id: number }

/** The customer's orders as stored, newest first: the delivery address and each line's SIM name included. */
export async function customerOrders(db: Queryable, customerId: number): Promise<CustomerData['orders']> {
  const orders = await db.query<OrderRow>(
    `select id, order_number, status, order_date, total_price, delivery_address, delivery
     from orders where customer_id = $1 order by order_date desc, id desc`,
    [customerId],
  )
  const lines = await db.query<LineRow>(
    `select order_id, number, product_id, name, unit_price, friendly_name, comments, status
     from order_lines where order_id in (select id from orders where customer_id = $1) order by order_id, number`,
    [customerId],
  )
  return orders.map(({ order_number, order_date, ...order }) => ({
    id: order.id,
    number: order_number,
    status: order.status,
    order_date: new Date(order_date).toISOString(),
    total_price: order.total_price,
    delivery_address: order.delivery_address,
    delivery: order.delivery,
    order_lines: lines.filter((l) => l.order_id === order.id).map(({ order_id: _, ...line }) => line),
  }))
}

interface PaymentRow {
  transaction_id: string
  method: 'card' | 'wallet'
  order_id: number
  order_number: string
  amount: number
  currency: string
  effective_date: Date | string
  brand: string
  status: string
  comments: string
}

/** The customer's payment records, newest first, with none of the card columns (bin, lastfour, holder, expiry). */
export async function customerPayments(db: Queryable, customerId: number): Promise<CustomerData['payments']> {
  const rows = await db.query<PaymentRow>(
    `select transaction_id, method, order_id, order_number, amount, currency, effective_date, brand, status, comments
     from payments where user_id = $1 order by effective_date desc, id desc`,
    [customerId],
  )
  return rows.map(({ effective_date, comments, ...row }) => ({ ...row, effective_date: new Date(effective_date).toISOString(), description: comments }))
}
