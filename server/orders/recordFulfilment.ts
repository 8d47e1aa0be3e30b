import * as v from 'valibot'
import type { SimLife } from '../../src/domain/service.ts'
import type { Delivery, Dispatch } from '../../src/domain/staffOrderSchemas.ts'
import type { FulfilmentRefusal } from '../../src/domain/staffOrders.ts'
import type { Db, Queryable } from '../db/types.ts'
import { NetworkEventSchema } from '../network/network.ts'
import type { NetworkSource } from '../network/network.ts'
import { applySimEventIn } from '../network/simEvents.ts'
import { audit, countStaffAction } from '../staff/audit.ts'
import type { StaffActor } from '../staff/audit.ts'

/**
 * Fulfilment recorded by a staff member: a dispatch, or a delivery with its RICA result, becomes the same event the
 * enabler's fulfilment would send (docs/network.md) and goes through the one path network events take, so the SIM's
 * life moves forward only and RICA verified queues the activation. The event's id is made from the SIM and its
 * delivery attempt, and a repeat of the same record (a double click, a retry) finds it recorded and changes nothing;
 * the one audit row is written with the change, in its transaction, naming the event it recorded (`summary.event`),
 * which is how the order's timeline tells the member who recorded an event from the network.
 */

export interface FulfilmentSettings {
  network: NetworkSource
  sealKey?: Buffer
  now?: () => Date
}

export type FulfilmentOutcome = { outcome: 'applied' | 'duplicate' } | { refused: FulfilmentRefusal; status: 404 | 409 }

interface Sim {
  id: number
  order_number: string
  service_reference: string
  life: SimLife
  delivery_attempt: number
}

type Actor = StaffActor & { staffId: number }

const refused = (refusal: FulfilmentRefusal, status: 404 | 409 = 409): FulfilmentOutcome => ({ refused: refusal, status })

/** When the record happened: the transaction's time, so what it queues (the activation) is stamped the same. */
async function happenedAt(tx: Queryable, settings: FulfilmentSettings): Promise<string> {
  if (settings.now) return settings.now().toISOString()
  const [row] = await tx.query<{ now: Date | string }>('select now() as now')
  return new Date(row?.now ?? Date.now()).toISOString()
}

/** Counts the action once its transaction committed: done when applied, refused when turned down (a repeat is neither). */
function counted(action: string, outcome: FulfilmentOutcome): void {
  if ('refused' in outcome) countStaffAction(action, 'refused')
  else if (outcome.outcome === 'applied') countStaffAction(action, 'done')
}

/** The order's SIM, locked so two records of it are decided one after the other. */
async function lockSim(tx: Queryable, orderNumber: string, serviceId: number): Promise<Sim | undefined> {
  const [sim] = await tx.query<Sim>(
    `select s.id, o.order_number, s.service_reference, s.life, s.delivery_attempt from services s join orders o on o.id = s.order_id
     where upper(o.order_number) = upper($1) and s.id = $2 for update of s`,
    [orderNumber, serviceId],
  )
  return sim
}

/** The data of the SIM's latest event of one of `types`, to tell a repeat of it from a different record. */
async function latest(tx: Queryable, serviceId: number, types: string[]): Promise<Record<string, unknown> | undefined> {
  const [row] = await tx.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from sim_events where service_id = $1 and type = any($2::text[]) order by occurred_at desc, id desc limit 1',
    [serviceId, types],
  )
  return row ? { type: row.type, ...row.data } : undefined
}

async function applyRecorded(tx: Queryable, event: unknown, settings: FulfilmentSettings): Promise<string> {
  const parsed = v.parse(NetworkEventSchema, event)
  const outcome = await applySimEventIn(tx, parsed, { source: settings.network, ...(settings.sealKey ? { sealKey: settings.sealKey } : {}) })
  if (outcome !== 'applied') throw new Error(`a recorded fulfilment event was ${outcome}`)
  return parsed.id
}

/** Records the SIM's dispatch (first, or again after RICA failed) with the ICCID of the SIM sent. */
export async function recordDispatch(
  db: Db,
  actor: Actor,
  orderNumber: string,
  serviceId: number,
  d: Dispatch,
  settings: FulfilmentSettings,
): Promise<FulfilmentOutcome> {
  const outcome = await db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    const sim = await lockSim(tx, orderNumber, serviceId)
    if (!sim) return refused('not_found', 404)
    const [taken] = await tx.query('select 1 from services where iccid = $1 and id <> $2', [d.iccid, sim.id])
    if (taken) return refused('iccid_taken')
    if (sim.life !== 'preparing' && sim.life !== 'rica_failed') {
      const last = await latest(tx, sim.id, ['sim.dispatched'])
      const same = last?.iccid === d.iccid && last.courier === d.courier && last.tracking_reference === d.trackingReference
      return same ? { outcome: 'duplicate' } : refused(sim.life === 'on_its_way' ? 'already_dispatched' : 'not_dispatchable')
    }
    const attempt = sim.life === 'rica_failed' ? sim.delivery_attempt + 1 : sim.delivery_attempt
    const at = await happenedAt(tx, settings)
    const event = await applyRecorded(
      tx,
      {
        id: `staff-${sim.service_reference}-${attempt}-dispatched`,
        type: 'sim.dispatched',
        occurred_at: at,
        sim: { reference: sim.service_reference },
        data: { iccid: d.iccid, courier: d.courier, tracking_reference: d.trackingReference, attempt },
      },
      settings,
    )
    await audit(tx, actor, {
      action: 'order.dispatch',
      targetType: 'order',
      targetId: sim.order_number,
      summary: { event, sim: sim.service_reference, attempt, courier: d.courier, tracking_reference: d.trackingReference, iccid: d.iccid },
    })
    return { outcome: 'applied' }
  })
  counted('order.dispatch', outcome)
  return outcome
}

/** Records the delivery of a SIM on its way with the RICA result: verified (the activation is queued) or failed with why. */
export async function recordDelivery(
  db: Db,
  actor: Actor,
  orderNumber: string,
  serviceId: number,
  d: Delivery,
  settings: FulfilmentSettings,
): Promise<FulfilmentOutcome> {
  const outcome = await db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    const sim = await lockSim(tx, orderNumber, serviceId)
    if (!sim) return refused('not_found', 404)
    const type = d.rica === 'verified' ? 'rica.verified' : 'rica.failed'
    if (sim.life !== 'on_its_way') {
      if (sim.life === 'preparing') return refused('not_on_its_way')
      const last = await latest(tx, sim.id, ['rica.verified', 'rica.failed'])
      const same = last?.type === type && (d.rica === 'verified' || last.reason === d.reason)
      return same ? { outcome: 'duplicate' } : refused('already_delivered')
    }
    const attempt = sim.delivery_attempt
    const event = await applyRecorded(
      tx,
      {
        id: `staff-${sim.service_reference}-${attempt}-rica`,
        type,
        occurred_at: await happenedAt(tx, settings),
        sim: { reference: sim.service_reference },
        data: d.rica === 'verified' ? { attempt } : { attempt, reason: d.reason },
      },
      settings,
    )
    await audit(tx, actor, {
      action: 'order.delivery',
      targetType: 'order',
      targetId: sim.order_number,
      ...(d.rica === 'failed' ? { reason: d.reason } : {}),
      summary: { event, sim: sim.service_reference, attempt, rica: d.rica },
    })
    return { outcome: 'applied' }
  })
  counted('order.delivery', outcome)
  return outcome
}
