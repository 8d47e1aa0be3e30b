import { addressLines } from '../../src/domain/invoice.ts'
import type { Invoice } from '../../src/domain/invoice.ts'
import { toCents, VAT_PERCENT, vatInclusiveCents } from '../../src/domain/money.ts'
import type { Seller } from './seller.ts'
import type { Queryable } from '../db/types.ts'

export type InvoiceOutcome = { kind: 'invoice'; invoice: Invoice } | { kind: 'not found' } | { kind: 'not yours' } | { kind: 'unpaid' }

interface OrderRow {
  customer_id: number
  order_number: string
  total_price: number
  delivery_address: Record<string, string>
  first_name: string
  last_name: string
  email: string
  paid_at: Date | string | null
}

/** INV-000123 for SO-000123: derived from the order number, so unique and the same however often it is printed. */
export const invoiceNumberOf = (orderNumber: string) => `INV-${orderNumber.replace(/^SO-/, '')}`

/**
 * A paid order's tax invoice for its owner: dated when its payment was recorded, identical lines grouped with their
 * quantity, and the VAT inside the VAT-inclusive total computed once, in cents, from that total.
 */
export async function loadInvoice(db: Queryable, orderId: number, customerId: number, seller: Seller): Promise<InvoiceOutcome> {
  const [order] = await db.query<OrderRow>(
    `select o.customer_id, o.order_number, o.total_price, o.delivery_address, c.first_name, c.last_name, c.email,
       (select min(p.effective_date) from payments p where p.order_id = o.id and p.reconciliation = 'credited') as paid_at
     from orders o join customers c on c.id = o.customer_id where o.id = $1`,
    [orderId],
  )
  if (!order) return { kind: 'not found' }
  if (Number(order.customer_id) !== customerId) return { kind: 'not yours' }
  if (order.paid_at === null) return { kind: 'unpaid' }
  const lines = await db.query<{ name: string; unit_price: number; quantity: number }>(
    `select name, unit_price, count(*)::int as quantity from order_lines where order_id = $1 group by name, unit_price order by min(number)`,
    [orderId],
  )
  // A bundle's order has no delivery address: the customer's latest address is theirs on the invoice.
  let address = addressLines(order.delivery_address)
  if (address.length === 0) {
    const [latest] = await db.query<Record<string, string>>('select * from addresses where customer_id = $1 order by id desc limit 1', [customerId])
    address = latest ? addressLines(latest) : []
  }
  const totalCents = toCents(Number(order.total_price))
  const vatCents = vatInclusiveCents(totalCents)
  return {
    kind: 'invoice',
    invoice: {
      invoiceNumber: invoiceNumberOf(order.order_number),
      issuedAt: new Date(order.paid_at).toISOString(),
      orderId,
      orderNumber: order.order_number,
      seller,
      customer: { name: `${order.first_name} ${order.last_name}`.trim(), email: order.email, address },
      lines: lines.map((l) => ({
        description: l.name,
        quantity: l.quantity,
        unitPrice: toCents(Number(l.unit_price)) / 100,
        amount: (toCents(Number(l.unit_price)) * l.quantity) / 100,
      })),
      total: totalCents / 100,
      vat: vatCents / 100,
      totalExcludingVat: (totalCents - vatCents) / 100,
      vatPercent: VAT_PERCENT,
    },
  }
}
