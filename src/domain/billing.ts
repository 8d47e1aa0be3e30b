import * as v from 'valibot'

/** Account-level bill cycles, derived on the server from the customer's orders and payments. */

export const BILL_TYPE_ORDER = 'Order'
/** A bundle bought for a SIM (ADD VAS), billed once paid. */
export const BILL_TYPE_BUNDLE = 'Bundle'
export const BILL_TYPE_PAYMENT = 'Payment'

export const BillCycleSchema = v.object({
  /** The order number (an order or a bundle) or the provider transaction (a payment). */
  reference: v.string(),
  /** ISO date-time. */
  date: v.string(),
  type: v.picklist([BILL_TYPE_ORDER, BILL_TYPE_BUNDLE, BILL_TYPE_PAYMENT]),
  /** Rand; 0 when the row is a credit. */
  debit: v.number(),
  credit: v.number(),
  /** What the customer owes after this row. */
  balance: v.number(),
  /** The order's status, or the payment's ("success"). */
  status: v.string(),
  /** The order the row belongs to, for "View Order". */
  order_id: v.number(),
})
export type BillCycle = v.InferOutput<typeof BillCycleSchema>

/** GET /api/v4/partner/billing/info/3/{userId}/. */
export const BillingAnswerSchema = v.object({ bill_cycles: v.object({ account_level: v.array(BillCycleSchema) }) })
export type BillingAnswer = v.InferOutput<typeof BillingAnswerSchema>

export type BillEntry = Omit<BillCycle, 'balance'>

const cents = (rand: number) => Math.round(rand * 100)

// At the same moment, what was charged comes before what paid it.
const creditsLast = (entry: BillEntry) => (entry.type === BILL_TYPE_PAYMENT ? 1 : 0)

/** Oldest first, each row's balance is the one before plus its debit minus its credit (counted in cents). */
export function withRunningBalance(entries: readonly BillEntry[]): BillCycle[] {
  let owed = 0
  return [...entries]
    .sort((a, b) => a.date.localeCompare(b.date) || creditsLast(a) - creditsLast(b))
    .map((entry) => {
      owed += cents(entry.debit) - cents(entry.credit)
      return { ...entry, balance: owed / 100 }
    })
}
