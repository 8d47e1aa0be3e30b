import type { ScheduledAction } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'

/** A waiting package change or cancellation as stored. */
export interface ActionRow {
  id: number
  service_id: number
  kind: 'plan_change' | 'cancellation'
  product_id: number | null
  product: string | null
  unit_price: number | null
  due_at: Date | string
}

const actionColumns = 'a.id, a.service_id, a.kind, a.product_id, a.product, a.unit_price, a.due_at'

/** The day as South Africa's calendar has it (UTC+2): what the English name of an action says. */
export const saDay = (at: Date): string => new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 10)

/** An action as the service answer lists it: in English by name, and by its parts for the screens to word. */
export function toScheduledAction(row: ActionRow): ScheduledAction {
  const due = new Date(row.due_at)
  const day = saDay(due)
  const common = { id: row.id, kind: row.kind, date: due.toISOString() }
  if (row.kind === 'cancellation') return { name: `Cancellation on ${day}`, ...common }
  return {
    name: `Package change to ${row.product} on ${day}`,
    ...common,
    product_id: row.product_id ?? 0,
    product: row.product ?? '',
    unit_price: row.unit_price ?? 0,
  }
}

/** The waiting actions of one SIM, soonest first. */
export const waitingActionsOf = (db: Queryable, serviceId: number): Promise<ActionRow[]> =>
  db.query<ActionRow>(`select ${actionColumns} from service_actions a where a.service_id = $1 and a.status = 'scheduled' order by a.due_at, a.id`, [serviceId])

/** The waiting actions of every SIM of a customer, soonest first. */
export const waitingActionsOfCustomer = (db: Queryable, customerId: number): Promise<ActionRow[]> =>
  db.query<ActionRow>(
    `select ${actionColumns} from service_actions a join services s on s.id = a.service_id
     where s.customer_id = $1 and a.status = 'scheduled' order by a.due_at, a.id`,
    [customerId],
  )
