import * as v from 'valibot'
import type { Address } from './account.ts'

const Rand = v.pipe(v.number(), v.finite())

/** GET /api/orders/{order_id}/invoice: a paid order's tax invoice, every figure computed by the server. */
export const InvoiceSchema = v.object({
  /** INV- and the order number's digits: unique because order numbers are. */
  invoiceNumber: v.string(),
  /** When the payment was recorded (ISO 8601): the invoice's date. */
  issuedAt: v.string(),
  orderId: v.number(),
  orderNumber: v.string(),
  seller: v.object({ name: v.string(), address: v.string(), vatNumber: v.string() }),
  customer: v.object({ name: v.string(), email: v.string(), address: v.array(v.string()) }),
  lines: v.array(v.object({ description: v.string(), quantity: v.pipe(v.number(), v.integer()), unitPrice: Rand, amount: Rand })),
  /** VAT-inclusive total, the VAT inside it (15/115, to the cent) and the total without it, in rand. */
  total: Rand,
  vat: Rand,
  totalExcludingVat: Rand,
  vatPercent: v.number(),
})
export type Invoice = v.InferOutput<typeof InvoiceSchema>

/** An address as an invoice prints it: one line per part that is there. */
export function addressLines(a: Partial<Address>): string[] {
  const join = (...parts: Array<string | null | undefined>) => parts.filter((p) => p?.trim()).join(' ')
  return [
    join(a.unit_number, a.floor_level, a.building_name),
    join(a.street_number, a.street_name),
    join(a.suburb),
    join(a.city, a.postal_code),
    join(a.province),
    join(a.country),
  ].filter((line) => line !== '')
}
