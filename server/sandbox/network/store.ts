import type { ProductBilling } from '../../../src/domain/service.ts'
import type { Queryable } from '../../db/types.ts'
import { sandboxEvent } from './events.ts'
import type { SandboxEvent } from './events.ts'
import { bundlesOf, thresholdsReached } from './reading.ts'
import type { Bundles, Reading } from './reading.ts'

export type SimStatus = 'inactive' | 'active' | 'suspended' | 'cancelled'

/** One of the sandbox network's SIMs, as its table holds it. */
export interface SandboxSim {
  iccid: string
  reference: string
  attempt: number
  courier: string
  tracking_reference: string
  returned_at: Date | null
  status: SimStatus
  msisdn: string | null
  imsi: string | null
  plan: string | null
  billing: ProductBilling | null
  balances: Reading['balances'] | null
  usage: Reading['usage'] | null
  bundles: Bundles
  read_at: Date | null
}

const columns = 'iccid, reference, attempt, courier, tracking_reference, returned_at, status, msisdn, imsi, plan, billing, balances, usage, bundles, read_at'

/** The SIM, locked for the caller's transaction when `lock`. */
export async function findSim(q: Queryable, by: { iccid: string } | { reference: string }, lock = false): Promise<SandboxSim | undefined> {
  const [column, value] = 'iccid' in by ? ['iccid', by.iccid] : ['reference', by.reference]
  const [sim] = await q.query<SandboxSim>(`select ${columns} from sandbox_network_sims where ${column} = $1${lock ? ' for update' : ''}`, [value])
  return sim
}

/** The SIMs given a number, newest first. */
export function activeSims(q: Queryable): Promise<SandboxSim[]> {
  return q.query<SandboxSim>(`select ${columns} from sandbox_network_sims where msisdn is not null order by activated_at desc, iccid`)
}

export const readingOf = (sim: Pick<SandboxSim, 'balances' | 'usage'>): Reading => ({
  ...(sim.balances ? { balances: sim.balances } : {}),
  ...(sim.usage ? { usage: sim.usage } : {}),
})

/**
 * Keeps a new reading of the SIM and says so: usage.reported, then balance.low for each bundle's threshold reached
 * for the first time. `bundles` are the SIM's bundles after the change that made the reading.
 */
export async function report(q: Queryable, sim: SandboxSim, reading: Reading, bundles: Bundles, at: Date): Promise<SandboxEvent[]> {
  await q.query(
    'update sandbox_network_sims set balances = $2::text::jsonb, usage = $3::text::jsonb, bundles = $4::text::jsonb, read_at = $5 where iccid = $1',
    [sim.iccid, reading.balances ? JSON.stringify(reading.balances) : null, reading.usage ? JSON.stringify(reading.usage) : null, JSON.stringify(bundles), at],
  )
  const named = { iccid: sim.iccid }
  const events = [sandboxEvent('usage.reported', named, { read_at: at.toISOString(), ...reading }, at)]
  for (const { bundle, threshold } of thresholdsReached(reading, bundles)) {
    const [first] = await q.query(
      'insert into sandbox_network_alerts (iccid, bundle, threshold, sent_at) values ($1, $2, $3, $4) on conflict do nothing returning threshold',
      [sim.iccid, bundle, threshold, at],
    )
    if (first) events.push(sandboxEvent('balance.low', named, { bundle, threshold, read_at: at.toISOString() }, at))
  }
  return events
}

/** Sets the SIM's reading as it stands (the demo seed's lived-in balances), its bundles granted what `granted` says. */
export async function setReading(q: Queryable, iccid: string, reading: Reading, at: Date, granted: Record<string, number> = {}): Promise<SandboxEvent[]> {
  const sim = await findSim(q, { iccid }, true)
  if (!sim) throw new Error(`the sandbox network has no SIM ${iccid}`)
  return report(q, sim, reading, bundlesOf(reading, {}, [], granted), at)
}
