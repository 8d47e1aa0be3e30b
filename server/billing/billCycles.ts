import * as v from 'valibot'
import { BILL_TYPE_BUNDLE, BILL_TYPE_ORDER, BILL_TYPE_PAYMENT, BillCycleSchema, withRunningBalance } from '../../src/domain/billing.ts'
import type { BillCycle, BillEntry } from '../../src/domain/billing.ts'
import type { Queryable } from '../db/types.ts'
import { subscriptionCharges } from './subscriptionCharges.ts'

interface EntryRow {
  type: typeof BILL_TYPE_ORDER | typeof BILL_TYPE_BUNDLE | typeof BILL_TYPE_PAYMENT
  reference: string
  date: Date | string
  amount: number
  status: string
  order_id: number
}

/**
 * The account-level bill cycles: each order a debit of its total on its date (a bundle's once paid), each credited
 * payment a credit (not one flagged for refund) on the date it took effect, each monthly SIM's later cycles a debit (subscriptionCharges), oldest
 * first with the balance owed after each row. `now` is the server's clock: what has begun by then is billed.
 */
export async function billCycles(db: Queryable, customerId: number, now: Date = new Date()): Promise<BillCycle[]> {
  const rows = await db.query<EntryRow>(
    // A bundle is billed once paid: a purchase started and never paid (or declined) owes nothing.
    `select case when b.order_id is null then $2 else $4 end::text as type, o.order_number as reference, o.order_date as date,
       o.total_price as amount, o.status, o.id as order_id
     from orders o left join bundle_purchases b on b.order_id = o.id
     where o.customer_id = $1 and (b.order_id is null or b.credited_at is not null)
     union all
     select $3::text, transaction_id, effective_date, amount, status, order_id
     from payments where user_id = $1 and status = 'success' and reconciliation = 'credited'`,
    [customerId, BILL_TYPE_ORDER, BILL_TYPE_PAYMENT, BILL_TYPE_BUNDLE],
  )
  const entries = rows.map(
    ({ type, reference, date, amount, status, order_id }): BillEntry => ({
      reference,
      date: new Date(date).toISOString(),
      type,
      debit: type === BILL_TYPE_PAYMENT ? 0 : amount,
      credit: type === BILL_TYPE_PAYMENT ? amount : 0,
      status,
      order_id,
    }),
  )
  entries.push(...(await subscriptionCharges(db, customerId, now)))
  // Checked against the schema the client validates with, so the two cannot drift apart unnoticed.
  return withRunningBalance(entries).map((row) => v.parse(BillCycleSchema, row))
}
