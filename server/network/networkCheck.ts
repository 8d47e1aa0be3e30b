import { CANCELLED_STATUS, serviceStatus } from '../../src/domain/service.ts'
import type { ProductBilling } from '../../src/domain/service.ts'
import type { Db, Queryable } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { startPeriodicJob, type PeriodicJob } from '../periodicJob.ts'
import type { Network, SimReading } from './network.ts'
import { networkPlanOf } from './networkRequests.ts'

interface CheckedRow {
  id: number
  iccid: string
  imsi: string | null
  service_number: string | null
  status: number
  product_id: number
  billing: ProductBilling
}

/** What we hold that the network sees otherwise: status and plan by value, the numbers only by name (they are personal). */
export interface SimDifference {
  status?: { ours: string; network: string }
  plan?: { ours: string; network: string | null }
  number?: true
  imsi?: true
}

/** How the network's reading differs from our row; empty when it agrees. */
export async function differencesOf(q: Queryable, row: CheckedRow, reading: SimReading): Promise<SimDifference> {
  const found: SimDifference = {}
  if (serviceStatus(row.status) !== reading.status) found.status = { ours: serviceStatus(row.status), network: reading.status }
  const plan = await networkPlanOf(q, row.product_id)
  if (plan !== reading.plan) found.plan = { ours: plan, network: reading.plan }
  if (row.service_number !== reading.msisdn) found.number = true
  if (reading.imsi !== null && row.imsi !== reading.imsi) found.imsi = true
  return found
}

/**
 * Keeps the network's balances (prepaid) or usage (monthly) and when it read them, unless we already hold a later
 * reading (a usage event that arrived meanwhile): the reply shows them only once read_at is set.
 */
export async function storeReading(q: Queryable, serviceId: number, billing: ProductBilling, reading: SimReading): Promise<boolean> {
  const later = 'and (read_at is null or read_at < $2)'
  if (billing === 'prepaid' && reading.balances) {
    const b = reading.balances
    const updated = await q.query(
      `update services set available_balance = $3, data_available_volume = $4, additional_balances = $5::text::jsonb, read_at = $2
       where id = $1 ${later} returning id`,
      [serviceId, reading.read_at, b.available_balance, b.data_available_volume, JSON.stringify(b.additional_balances)],
    )
    return updated.length > 0
  }
  if (billing === 'monthly' && reading.usage) {
    const u = reading.usage
    const updated = await q.query(
      `update services set total_usage = $3, peak_usage = $4, offpeak_usage = $5, spend_limit_available = $6, read_at = $2
       where id = $1 ${later} returning id`,
      [serviceId, reading.read_at, u.total_usage, u.peak_usage, u.offpeak_usage, u.spend_limit_available],
    )
    return updated.length > 0
  }
  return false
}

export interface NetworkCheckRun {
  checked: number
  differing: number
  unknown: number
  /** SIMs the network could not be asked about this time (it was unavailable). */
  unread: number
}

/** Active SIMs, and those cancelled in the last month (the network should say cancelled too). */
const simsToCheck = (db: Queryable) =>
  db.query<CheckedRow>(
    `select id, iccid, imsi, service_number, status, product_id, billing from services
     where life = 'active' and iccid is not null and (status <> ${CANCELLED_STATUS} or cancellation_date > now() - interval '31 days')
     order by id`,
  )

/**
 * Reads every active SIM from the network, keeps its balances or usage with the time they were read, and compares its
 * status, plan and number with ours: each SIM that differs is one line at warn (no personal data: the numbers are
 * named, never written), for an operator to look into. Changes still waiting for the network are listed with it.
 */
export async function checkNetwork(db: Db, network: Network, log: Logger, stopping?: AbortSignal): Promise<NetworkCheckRun> {
  const run: NetworkCheckRun = { checked: 0, differing: 0, unknown: 0, unread: 0 }
  for (const row of await simsToCheck(db)) {
    if (stopping?.aborted) break
    let reading: SimReading | null
    try {
      reading = await network.readSim(row.iccid)
    } catch (error) {
      run.unread++
      log.warn({ serviceId: row.id, network: network.source, err: error }, 'network check: the network could not be read for this SIM')
      continue
    }
    run.checked++
    if (!reading) {
      run.unknown++
      log.warn({ serviceId: row.id, network: network.source }, 'network check: the network knows no SIM with this ICCID')
      continue
    }
    await storeReading(db, row.id, row.billing, reading)
    const differences = await differencesOf(db, row, reading)
    if (Object.keys(differences).length === 0) continue
    run.differing++
    const waiting = await db.query<{ kind: string }>('select kind from network_requests where service_id = $1 and applied_at is null order by id', [row.id])
    log.warn(
      { serviceId: row.id, network: network.source, differences, waiting: waiting.map((w) => w.kind) },
      'network check: the network holds this SIM otherwise than we do',
    )
  }
  log.info({ ...run, network: network.source }, 'network check done')
  return run
}

export interface NetworkCheckJobOptions {
  db: Db
  network: Network
  log: Logger
  intervalMs: number
}

/** Every instance runs this job when NETWORK_CHECK_INTERVAL_MS is above 0. */
export function startNetworkCheck({ db, network, log, intervalMs }: NetworkCheckJobOptions): PeriodicJob {
  return startPeriodicJob((stopping) => checkNetwork(db, network, log, stopping), { intervalMs, log, failure: 'the network check failed' })
}
