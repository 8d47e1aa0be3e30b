import * as v from 'valibot'

/** Account-level bill cycles, derived on the server from the customer's orders, payments and monthly SIMs. */

export const BILL_TYPE_ORDER = 'Order'
/** A bundle bought for a SIM (ADD VAS), billed once paid. */
export const BILL_TYPE_BUNDLE = 'Bundle'
export const BILL_TYPE_PAYMENT = 'Payment'
/** A monthly SIM's charge for a bill cycle after its first (which its order paid), at the package's price then. */
export const BILL_TYPE_SUBSCRIPTION = 'Subscription'

export const BillCycleSchema = v.object({
  /** The order number (an order or a bundle), the provider transaction (a payment), or the SIM's reference and cycle (SVC-000007-02). */
  reference: v.string(),
  /** ISO date-time. */
  date: v.string(),
  type: v.picklist([BILL_TYPE_ORDER, BILL_TYPE_BUNDLE, BILL_TYPE_SUBSCRIPTION, BILL_TYPE_PAYMENT]),
  /** Rand; 0 when the row is a credit. */
  debit: v.number(),
  credit: v.number(),
  /** What the customer owes after this row. */
  balance: v.number(),
  /** The order's status, the payment's ("success"), or a subscription charge's ("Billed"). */
  status: v.string(),
  /** The order the row belongs to (a subscription's: the order that bought the SIM), for "View Order". */
  order_id: v.number(),
})
export type BillCycle = v.InferOutput<typeof BillCycleSchema>

/** GET /api/v4/partner/billing/info/3/{userId}/. */
export const BillingAnswerSchema = v.object({ bill_cycles: v.object({ account_level: v.array(BillCycleSchema) }) })
export type BillingAnswer = v.InferOutput<typeof BillingAnswerSchema>

export type BillEntry = Omit<BillCycle, 'balance'>

const cents = (rand: number) => Math.round(rand * 100)

// At one moment, debits come before the credit that settles them.
const RANK: Record<BillCycle['type'], number> = { [BILL_TYPE_ORDER]: 0, [BILL_TYPE_BUNDLE]: 0, [BILL_TYPE_SUBSCRIPTION]: 1, [BILL_TYPE_PAYMENT]: 2 }

/** Oldest first, each row's balance is the one before plus its debit minus its credit (counted in cents). */
export function withRunningBalance(entries: readonly BillEntry[]): BillCycle[] {
  let owed = 0
  return [...entries]
    .sort((a, b) => a.date.localeCompare(b.date) || RANK[a.type] - RANK[b.type])
    .map((entry) => {
      owed += cents(entry.debit) - cents(entry.credit)
      return { ...entry, balance: owed / 100 }
    })
}
