import { BILL_TYPE_SUBSCRIPTION } from '../../src/domain/billing.ts'
import type { BillEntry } from '../../src/domain/billing.ts'
import { cycleStart } from '../../src/domain/billCycle.ts'
import type { Queryable } from '../db/types.ts'
import { priceAt } from '../services/servicePrice.ts'
import type { PriceHistory } from '../services/servicePrice.ts'

/** What a subscription charge's status reads. */
export const BILLED = 'Billed'

interface MonthlyRow {
  id: number
  order_id: number
  service_reference: string
  activation_date: Date | string
  cancellation_date: Date | string | null
  first_price: number
}

interface ActionRow {
  service_id: number
  kind: 'plan_change' | 'cancellation'
  due_at: Date | string
  unit_price: number | null
}

/** "SVC-000007-02": the SIM and the number of its cycle. */
const referenceOf = (service: MonthlyRow, n: number) => `${service.service_reference}-${String(n).padStart(2, '0')}`

/**
 * A debit for every bill cycle of the customer's monthly SIMs that has begun by `now`, after the first (its order
 * paid it) and before the SIM ends: each at the price of the package the SIM is on when the cycle starts, so a
 * package change shows in the bills from its date. Scheduled changes count once their date has come, even before
 * the job has applied them.
 */
export async function subscriptionCharges(db: Queryable, customerId: number, now: Date): Promise<BillEntry[]> {
  const services = await db.query<MonthlyRow>(
    `select s.id, s.order_id, s.service_reference, s.activation_date, s.cancellation_date, l.unit_price as first_price
     from services s join order_lines l on l.order_id = s.order_id and l.number = s.order_line
     where s.customer_id = $1 and s.billing = 'monthly'`,
    [customerId],
  )
  if (services.length === 0) return []
  const actions = await db.query<ActionRow>(
    `select a.service_id, a.kind, a.due_at, a.unit_price from service_actions a join services s on s.id = a.service_id
     where s.customer_id = $1 and a.status in ('scheduled', 'applied') order by a.due_at, a.id`,
    [customerId],
  )
  return services.flatMap((service) => {
    const own = actions.filter((a) => a.service_id === service.id)
    const history: PriceHistory = {
      first: service.first_price,
      changes: own.filter((a) => a.kind === 'plan_change').map((a) => ({ from: new Date(a.due_at), price: a.unit_price ?? 0 })),
    }
    const ends = [service.cancellation_date, ...own.filter((a) => a.kind === 'cancellation').map((a) => a.due_at)]
      .filter((at) => at !== null)
      .map((at) => new Date(at).getTime())
    const end = Math.min(now.getTime() + 1, ...ends)
    const activation = new Date(service.activation_date)
    const charges: BillEntry[] = []
    for (let n = 1; ; n++) {
      const start = cycleStart(activation, 'monthly', n)
      if (start.getTime() >= end) break
      charges.push({
        reference: referenceOf(service, n),
        date: start.toISOString(),
        type: BILL_TYPE_SUBSCRIPTION,
        debit: priceAt(history, start),
        credit: 0,
        status: BILLED,
        order_id: service.order_id,
      })
    }
    return charges
  })
}
