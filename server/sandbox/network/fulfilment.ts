import type { RicaFailure } from '../../../src/domain/service.ts'
import { defined } from '../../../src/domain/defined.ts'
import type { Queryable } from '../../db/types.ts'
import { sandboxEvent } from './events.ts'
import type { SandboxEvent } from './events.ts'
import { spendData } from './reading.ts'
import { iccidFor } from './simNumbers.ts'
import { findSim, readingOf, report } from './store.ts'
import type { SandboxSim } from './store.ts'

/**
 * What the courier and fulfilment tell the storefront, each from the tester's page (or the demo seed): a SIM taken
 * from stock and dispatched, RICA verified or failed at delivery, dispatched again, returned. Each happening has one
 * event id, so a double click sends the same event again and the storefront keeps it once.
 */

export interface Dispatch {
  reference: string
  courier: string
  tracking_reference: string
}

const dispatched = (sim: SandboxSim, at: Date) =>
  sandboxEvent(
    'sim.dispatched',
    { reference: sim.reference },
    { iccid: sim.iccid, courier: sim.courier, tracking_reference: sim.tracking_reference, attempt: sim.attempt },
    at,
    `sbx-${sim.reference}-${sim.attempt}-dispatched`,
  )

/** Takes the next SIM from stock for the service and sends it with the courier; once per service. */
export async function dispatchSim(q: Queryable, d: Dispatch, at: Date): Promise<SandboxEvent[]> {
  const [stock] = await q.query<{ n: number }>("select nextval('sandbox_network_stock')::bigint as n")
  await q.query(
    `insert into sandbox_network_sims (iccid, reference, courier, tracking_reference, dispatched_at) values ($1, $2, $3, $4, $5)
     on conflict (reference) do nothing`,
    [iccidFor(defined(stock, 'a SIM from stock').n), d.reference, d.courier, d.tracking_reference, at],
  )
  return [dispatched(defined(await findSim(q, { reference: d.reference }), 'the SIM just dispatched'), at)]
}

/** Sends the same SIM again after a failed delivery: the attempt after `attempt`, once. */
export async function dispatchAgain(q: Queryable, d: Dispatch & { attempt: number }, at: Date): Promise<SandboxEvent[]> {
  await q.query(
    `update sandbox_network_sims set attempt = attempt + 1, courier = $3, tracking_reference = $4, dispatched_at = $5
     where reference = $1 and attempt = $2 and returned_at is null and status = 'inactive'`,
    [d.reference, d.attempt, d.courier, d.tracking_reference, at],
  )
  const sim = await findSim(q, { reference: d.reference })
  return sim && sim.attempt === d.attempt + 1 ? [dispatched(sim, at)] : []
}

/** The courier's verdict at delivery of an attempt: the customer's identity verified (RICA), or why not. */
export async function ricaChecked(q: Queryable, reference: string, attempt: number, verdict: 'verified' | RicaFailure, at: Date): Promise<SandboxEvent[]> {
  const sim = await findSim(q, { reference })
  if (!sim || sim.attempt !== attempt || sim.returned_at) return []
  const named = { reference, iccid: sim.iccid }
  // One verdict per attempt: both share the event id, so the first the storefront takes is the one it keeps.
  const id = `sbx-${reference}-${attempt}-rica`
  return [
    verdict === 'verified'
      ? sandboxEvent('rica.verified', named, { attempt }, at, id)
      : sandboxEvent('rica.failed', named, { attempt, reason: verdict }, at, id),
  ]
}

/** The SIM came back to us: it is never activated, and the storefront owes the payment back. */
export async function returnSim(q: Queryable, reference: string, at: Date): Promise<SandboxEvent[]> {
  await q.query("update sandbox_network_sims set returned_at = $2 where reference = $1 and returned_at is null and status = 'inactive'", [reference, at])
  const sim = await findSim(q, { reference })
  if (!sim?.returned_at) return []
  return [sandboxEvent('sim.returned', { reference, iccid: sim.iccid }, {}, at, `sbx-${reference}-returned`)]
}

/** The SIM used `bytes` of data: its new reading, and a balance low for every threshold it crossed. */
export async function spendDataOn(q: Queryable, iccid: string, bytes: number, at: Date): Promise<SandboxEvent[]> {
  const sim = await findSim(q, { iccid }, true)
  if (sim?.status !== 'active' || !sim.billing) return []
  return report(q, sim, spendData(readingOf(sim), sim.billing, bytes), sim.bundles, at)
}
