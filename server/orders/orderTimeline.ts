import type { TimelineEntry } from '../../src/domain/staffOrderSchemas.ts'
import type { Queryable } from '../db/types.ts'

/** The order a timeline is of. */
export interface TimelineOrder {
  id: number
  number: string
  placedAt: Date | string
  customer: { email: string }
}

/** One kind of event on an order's timeline, each naming its actor. */
export type TimelineSource = (db: Queryable, order: TimelineOrder) => Promise<TimelineEntry[]>

const iso = (at: Date | string) => new Date(at).toISOString()

const placed: TimelineSource = async (_db, order) => [
  { at: iso(order.placedAt), kind: 'order.placed', actor: { kind: 'customer', name: order.customer.email }, detail: { order: order.number } },
]

/** Each payment the customer made, and the system's reconciliation of one that paid nothing (refund due). */
const payments: TimelineSource = async (db, order) => {
  const rows = await db.query<{
    effective_date: Date
    method: string
    brand: string
    amount: number
    currency: string
    reconciliation: string
    refund_reason: string | null
  }>('select effective_date, method, brand, amount, currency, reconciliation, refund_reason from payments where order_id = $1', [order.id])
  return rows.flatMap((p) => {
    const detail = { method: p.method, brand: p.brand, amount: Number(p.amount), currency: p.currency }
    const paid: TimelineEntry = { at: iso(p.effective_date), kind: 'payment.received', actor: { kind: 'customer', name: order.customer.email }, detail }
    if (p.reconciliation !== 'refund_due') return [paid]
    return [
      paid,
      { at: iso(p.effective_date), kind: 'payment.refund_due', actor: { kind: 'system', name: 'system' }, detail: { ...detail, reason: p.refund_reason } },
    ]
  })
}

/** Actions whose audit row names the SIM event it recorded (`summary.event`): the event shows them with the member. */
export const recordedAsSimEvents = ['order.dispatch', 'order.delivery']

/** The events of the order's SIMs that move their life or status: the network's, or the staff member who recorded them. */
const simLifeEvents = ['sim.dispatched', 'rica.verified', 'rica.failed', 'sim.returned', 'sim.activated', 'sim.suspended', 'sim.resumed', 'sim.cancelled']
const sims: TimelineSource = async (db, order) => {
  const rows = await db.query<{
    occurred_at: Date
    type: string
    data: Record<string, unknown>
    reference: string
    network: string
    staff_email: string | null
    staff_name: string | null
  }>(
    `select e.occurred_at, e.type, e.data, s.service_reference as reference, s.network, a.actor as staff_email, m.name as staff_name
     from sim_events e join services s on s.id = e.service_id
     left join audit_log a on a.target_type = 'order' and a.target_id = $2 and a.action = any($4::text[]) and a.summary->>'event' = e.event_id
     left join staff m on m.id = a.staff_id
     where s.order_id = $1 and e.type = any($3::text[]) order by e.occurred_at, e.id`,
    [order.id, order.number, simLifeEvents, recordedAsSimEvents],
  )
  return rows.map((e) => ({
    at: iso(e.occurred_at),
    kind: e.type,
    actor: e.staff_email ? { kind: 'staff', name: e.staff_name ? `${e.staff_name} (${e.staff_email})` : e.staff_email } : { kind: 'network', name: e.network },
    detail: { sim: e.reference, ...simDetail(e.data) },
  }))
}

/** What an event says that staff need (never an identity document). */
function simDetail(data: Record<string, unknown>): TimelineEntry['detail'] {
  const kept: TimelineEntry['detail'] = {}
  for (const key of ['iccid', 'courier', 'tracking_reference', 'attempt', 'reason', 'msisdn'])
    if (typeof data[key] === 'string' || typeof data[key] === 'number') kept[key] = data[key] as string | number
  return kept
}

/** The activation the system sent to the network when RICA was verified, and its failure when it failed. */
const activations: TimelineSource = async (db, order) => {
  const rows = await db.query<{ created_at: Date; failed_at: Date | null; last_error: string | null; reference: string }>(
    `select r.created_at, r.failed_at, r.last_error, s.service_reference as reference from network_requests r join services s on s.id = r.service_id
     where s.order_id = $1 and r.kind = 'activate'`,
    [order.id],
  )
  return rows.flatMap((r) => {
    const queued: TimelineEntry = { at: iso(r.created_at), kind: 'activation.queued', actor: { kind: 'system', name: 'system' }, detail: { sim: r.reference } }
    if (!r.failed_at) return [queued]
    return [
      queued,
      { at: iso(r.failed_at), kind: 'activation.failed', actor: { kind: 'system', name: 'system' }, detail: { sim: r.reference, error: r.last_error } },
    ]
  })
}

/** Staff actions on the order from the audit log, each with the member who did it. */
const staffActions: TimelineSource = async (db, order) => {
  const rows = await db.query<{ at: Date; action: string; actor: string; name: string | null; reason: string | null }>(
    `select a.at, a.action, a.actor, m.name, a.reason from audit_log a left join staff m on m.id = a.staff_id
     where a.target_type = 'order' and a.target_id = $1 order by a.at, a.id`,
    [order.number],
  )
  return rows
    .filter((a) => !recordedAsSimEvents.includes(a.action))
    .map((a) => ({
      at: iso(a.at),
      kind: `staff.${a.action}`,
      actor: { kind: 'staff', name: a.name ? `${a.name} (${a.actor})` : a.actor },
      detail: { reason: a.reason },
    }))
}

/** Every source of the timeline; an area with events of its own on an order (refunds) adds its source here. */
export const timelineSources: TimelineSource[] = [placed, payments, sims, activations, staffActions]

/** Every event on the order, oldest first, each naming its actor. */
export async function orderTimeline(db: Queryable, order: TimelineOrder): Promise<TimelineEntry[]> {
  const entries = (await Promise.all(timelineSources.map((source) => source(db, order)))).flat()
  return entries.sort((a, b) => a.at.localeCompare(b.at))
}
