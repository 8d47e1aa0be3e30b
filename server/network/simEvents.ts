import type { ProductBilling, SimLife } from '../../src/domain/service.ts'
import { idNumberKeyOf } from '../accounts/idNumberSeal.ts'
import { recordRica, ricaRecordFor } from '../accounts/ricaRecord.ts'
import { bundleApplied } from '../bundles/creditBundle.ts'
import type { Db, Queryable } from '../db/types.ts'
import { pushSimLife } from '../push/simPushes.ts'
import { pushUsageAlert } from '../push/usagePush.ts'
import type { NetworkEvent, NetworkSource } from './network.ts'
import { queueNetworkRequest } from './networkRequests.ts'

/**
 * Applies one event from the network (or fulfilment) to the SIM it names, in one transaction: the event is stored
 * once (a repeat of its id changes nothing), then projected onto the SIM. A SIM's life only moves forward, by
 * lifePosition, so events arriving late or out of order never move it back; statuses and readings only take an
 * event newer than the one they hold.
 */

const rank: Record<Exclude<SimLife, 'active' | 'returned'>, number> = { preparing: 0, on_its_way: 1, rica_failed: 2, activating: 3 }

/** Where a life puts the SIM: active 1000, returned 900, else attempt × 10 + its step within the delivery attempt. */
export function lifePosition(life: SimLife, attempt: number): number {
  if (life === 'active') return 1000
  if (life === 'returned') return 900
  return attempt * 10 + rank[life]
}

export type SimEventOutcome = 'applied' | 'duplicate' | 'unknown'

export interface SimEventContext {
  /** Whose events these are, recorded on the SIM with the answers they carry. */
  source?: NetworkSource
  /** The key the customer's ID number is sealed with (the RICA record sent with the activation). */
  sealKey?: Buffer
}

interface Sim {
  id: number
  customer_id: number
  life_position: number
  iccid: string | null
  billing: ProductBilling
  service_reference: string
  plan: string
}

/** An order line whose SIM came back because RICA could not be verified: what it was paid is owed back. */
export const RETURNED_LINE_STATUS = 'Returned: refund due'

export function applySimEvent(db: Db, event: NetworkEvent, context: SimEventContext = {}): Promise<SimEventOutcome> {
  return db.transaction((tx) => applySimEventIn(tx, event, context))
}

/** applySimEvent inside the caller's transaction (fulfilment recorded by staff writes its audit row in the same one). */
export async function applySimEventIn(tx: Queryable, event: NetworkEvent, context: SimEventContext = {}): Promise<SimEventOutcome> {
  // Locked, so two deliveries of events for one SIM are applied one after the other.
  const [sim] = await tx.query<Sim>(
    `select s.id, s.customer_id, s.life_position, s.iccid, s.billing, s.service_reference, coalesce(p.network_plan, s.product_id::text) as plan
     from services s join products p on p.id = s.product_id
     where s.iccid = $1 or s.service_reference = $2
     order by s.iccid = $1 desc nulls last limit 1
     for update of s`,
    [event.sim.iccid ?? null, event.sim.reference ?? null],
  )
  if (!sim) return 'unknown'
  const stored = await tx.query(
    `insert into sim_events (service_id, event_id, type, occurred_at, data) values ($1, $2, $3, $4, $5::text::jsonb)
     on conflict (event_id) do nothing returning id`,
    [sim.id, event.id, event.type, event.occurred_at, JSON.stringify(event.data)],
  )
  if (stored.length === 0) return 'duplicate'
  await project(tx, sim, event, context)
  return 'applied'
}

/** Moves the life to `life` (with `sets`, more columns from $4 on) when that is forward of where the SIM is; whether it moved. */
async function moveLife(tx: Queryable, sim: Sim, event: NetworkEvent, life: SimLife, attempt: number, sets = '', params: unknown[] = []): Promise<boolean> {
  const position = lifePosition(life, attempt)
  if (position <= sim.life_position) return false
  await tx.query(
    `update services set life = $2, life_position = $3, life_since = $4, delivery_attempt = $5, last_updated = now()${sets ? `, ${sets}` : ''}
     where id = $1`,
    [sim.id, life, position, event.occurred_at, attempt, ...params],
  )
  return true
}

async function project(tx: Queryable, sim: Sim, event: NetworkEvent, context: SimEventContext): Promise<void> {
  const at = event.occurred_at
  switch (event.type) {
    case 'sim.dispatched': {
      const { iccid, courier, tracking_reference, attempt } = event.data
      const moved = await moveLife(tx, sim, event, 'on_its_way', attempt, 'iccid = $6, courier = $7, tracking_reference = $8', [
        iccid,
        courier,
        tracking_reference,
      ])
      // A dispatch that arrives after a later step still tells which SIM was sent, when nothing had.
      if (!moved) await tx.query('update services set iccid = coalesce(iccid, $2) where id = $1', [sim.id, iccid])
      return
    }
    case 'rica.failed':
      if (await moveLife(tx, sim, event, 'rica_failed', event.data.attempt, 'rica_failure = $6', [event.data.reason]))
        await pushSimLife(tx, sim.id, 'rica_failed', event.data.attempt)
      return
    case 'rica.verified':
      if (await moveLife(tx, sim, event, 'activating', event.data.attempt)) {
        await queueActivation(tx, sim, context)
        await pushSimLife(tx, sim.id, 'rica_verified', event.data.attempt)
      }
      return
    case 'sim.returned':
      // The SIM came back unverified: its order line says the payment for it is owed back, where staff and the
      // customer both see it (the webhook logs it at warn).
      if (await moveLife(tx, sim, event, 'returned', 1))
        await tx.query(
          `update order_lines l set status = '${RETURNED_LINE_STATUS}' from services s
           where s.id = $1 and l.order_id = s.order_id and l.number = s.order_line`,
          [sim.id],
        )
      return
    case 'sim.activated': {
      const moved = await moveLife(
        tx,
        sim,
        event,
        'active',
        1,
        'service_number = $6, imsi = coalesce($7, imsi), activated_at = $4, network = coalesce($8, network)',
        [event.data.msisdn, event.data.imsi ?? null, context.source ?? null],
      )
      if (moved) {
        await tx.query("update network_requests set applied_at = $2 where service_id = $1 and kind = 'activate' and applied_at is null and failed_at is null", [
          sim.id,
          at,
        ])
        await pushSimLife(tx, sim.id, 'sim_activated')
      }
      return
    }
    case 'request.applied': {
      const [applied] = await tx.query<{ kind: string; body: { reference?: string } }>(
        'update network_requests set applied_at = coalesce(applied_at, $3) where service_id = $1 and idempotency_key = $2::uuid returning kind, body',
        [sim.id, event.data.request, at],
      )
      // A bundle's order waits for the network until it has added the bundle.
      if (applied?.kind === 'add_bundle' && applied.body.reference) await bundleApplied(tx, applied.body.reference)
      return
    }
    case 'request.failed':
      await tx.query(
        'update network_requests set failed_at = coalesce(failed_at, $3), last_error = $4 where service_id = $1 and idempotency_key = $2::uuid and applied_at is null',
        [sim.id, event.data.request, at, `${event.data.code}: ${event.data.message}`],
      )
      return
    case 'sim.suspended':
    case 'sim.resumed':
      // A cancelled SIM stays cancelled; an older suspension or resumption arriving late changes nothing.
      await tx.query(
        `update services set status = $2, status_since = $3, last_updated = now()
         where id = $1 and status <> 900 and (status_since is null or status_since < $3)`,
        [sim.id, event.type === 'sim.suspended' ? 500 : 0, at],
      )
      return
    case 'sim.cancelled':
      await tx.query(
        `update services set status = 900, status_since = $2, cancellation_date = coalesce(cancellation_date, $2), last_updated = now()
         where id = $1 and (status_since is null or status_since < $2)`,
        [sim.id, at],
      )
      return
    case 'usage.reported': {
      const { read_at, balances, usage } = event.data
      await tx.query(
        `update services set read_at = $2, network = coalesce($3, network),
           available_balance = coalesce($4, available_balance), data_available_volume = coalesce($5, data_available_volume),
           additional_balances = coalesce($6::text::jsonb, additional_balances),
           total_usage = coalesce($7, total_usage), peak_usage = coalesce($8, peak_usage), offpeak_usage = coalesce($9, offpeak_usage),
           spend_limit_available = coalesce($10, spend_limit_available)
         where id = $1 and (read_at is null or read_at < $2)`,
        [
          sim.id,
          read_at,
          context.source ?? null,
          balances?.available_balance ?? null,
          balances?.data_available_volume ?? null,
          balances ? JSON.stringify(balances.additional_balances) : null,
          usage?.total_usage ?? null,
          usage?.peak_usage ?? null,
          usage?.offpeak_usage ?? null,
          usage?.spend_limit_available ?? null,
        ],
      )
      return
    }
    case 'balance.low': {
      const alerted = await tx.query(
        `insert into usage_alerts (service_id, bundle, threshold, crossed_at, event_id) values ($1, $2, $3, $4, $5)
         on conflict (service_id, bundle, threshold) do nothing returning threshold`,
        [sim.id, event.data.bundle, event.data.threshold, event.data.read_at, event.id],
      )
      // Only the first report of a threshold is told (usage_alerts keeps one per bundle and threshold).
      if (alerted.length > 0) await pushUsageAlert(tx, { serviceId: sim.id, bundle: event.data.bundle, threshold: event.data.threshold })
      return
    }
  }
}

/**
 * RICA is verified: the activation goes into the outbox in this transaction, with the RICA record the customer gave.
 * This is the only place an activation is written, so none is ever asked for before RICA is verified; one that is
 * already waiting is not asked for twice.
 */
async function queueActivation(tx: Queryable, sim: Sim, context: SimEventContext): Promise<void> {
  const waiting = await tx.query("select 1 from network_requests where service_id = $1 and kind = 'activate' and failed_at is null", [sim.id])
  if (waiting.length > 0) return
  const sealKey = context.sealKey ?? idNumberKeyOf({})
  const rica = await ricaRecordFor(tx, sim.customer_id, sealKey)
  // The record is kept sealed beside the SIM (it outlives the customer's deletion, as RICA requires); the outbox row
  // holds no ID number: the request takes the record from there when it goes out.
  if (rica) await recordRica(tx, sim.id, rica, sealKey)
  const key = await queueNetworkRequest(tx, {
    serviceId: sim.id,
    kind: 'activate',
    body: { iccid: sim.iccid, plan: sim.plan, billing: sim.billing, reference: sim.service_reference },
  })
  // Without the identity the customer gave (no ID number or address held), the network must not be asked: the
  // activation is failed at once, visibly, rather than sent without its RICA record or retried for ever.
  if (!rica)
    await tx.query('update network_requests set failed_at = now(), last_error = $2 where idempotency_key = $1', [
      key,
      'no RICA record: the customer gave no identity document or address, so the activation was not sent',
    ])
}
