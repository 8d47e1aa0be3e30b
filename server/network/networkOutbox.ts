import * as v from 'valibot'
import { PRODUCT_BILLING } from '../../src/domain/service.ts'
import type { NetworkRequestKind } from '../../src/domain/service.ts'
import type { Db, Queryable } from '../db/types.ts'
import { silentLogger, type Logger } from '../log.ts'
import { startPeriodicJob, type PeriodicJob } from '../periodicJob.ts'
import { NetworkRefused, NetworkUnavailable, RicaRecordSchema } from './network.ts'
import type { Activation, Network, RicaRecord } from './network.ts'

/**
 * How the outbox retries a request the network could not take: after 30 s, then twice as long each time (capped at an
 * hour), or later when the network's Retry-After asks for longer; after the 10th failed try (some 4 hours after the
 * first) it gives up and keeps the request with failed_at and last_error, logged as an error and shown to the customer.
 */
export const networkRetries = { attempts: 10, firstDelaySeconds: 30, maxDelaySeconds: 3_600 } as const

/** Requests one instance claims and sends at once. */
const batchSize = 5

/** The wait before the next try of a request that failed its `attempts`-th try, at least what the network asked for. */
export function networkRetryDelaySeconds(attempts: number, retryAfterSeconds = 0): number {
  const backoff = Math.min(networkRetries.firstDelaySeconds * 2 ** Math.max(0, attempts - 1), networkRetries.maxDelaySeconds)
  return Math.max(backoff, retryAfterSeconds)
}

/** The RICA record kept for a SIM, its ID number unsealed: what an activation whose body holds none is sent with. */
export type RicaRecordFor = (q: Queryable, serviceId: number) => Promise<RicaRecord | undefined>

export interface NetworkOutboxOptions {
  /** How long a claimed request is this instance's: longer than a call to the network may take, so no other instance sends it meanwhile. */
  leaseMs: number
  log?: Logger
  /** Aborted at shutdown: the calls under way finish, and nothing more is claimed. */
  stopping?: AbortSignal
  ricaFor?: RicaRecordFor
}

export interface NetworkOutboxRun {
  accepted: number
  retrying: number
  failed: number
}

interface ClaimedRow {
  id: number
  service_id: number
  kind: NetworkRequestKind
  idempotency_key: string
  body: unknown
  attempts: number
  /** The SIM's ICCID now (the activation carries its own in the body). */
  iccid: string | null
}

const BundleSchema = v.object({ kind: v.string(), amount: v.number(), validity_days: v.number() })
const bodies = {
  // The RICA record is in the body, or kept apart (its ID number sealed) and unsealed by `ricaFor` as the call goes out.
  activate: v.object({
    iccid: v.string(),
    plan: v.string(),
    billing: v.picklist(PRODUCT_BILLING),
    reference: v.string(),
    rica: v.nullish(RicaRecordSchema),
  }),
  change_plan: v.object({ plan: v.string() }),
  add_bundle: v.object({ bundle: BundleSchema, reference: v.string() }),
  cancel: v.object({}),
  suspend: v.object({ reason: v.string() }),
} as const

/**
 * Claims up to `limit` due requests for this instance: SKIP LOCKED passes over rows another instance is claiming, and
 * the claim moves next_attempt_at past the lease, so no other instance sends them until this one has or died. The
 * try counts at the claim, so a request whose call kills the process still runs out of tries.
 */
function claimDueRequests(db: Db, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  return db.query<ClaimedRow>(
    `update network_requests r set attempts = r.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
     from services s
     where s.id = r.service_id and r.id in (
       select id from network_requests where accepted_at is null and failed_at is null and next_attempt_at <= now()
       order by next_attempt_at, id limit $1 for update skip locked)
     returning r.id, r.service_id, r.kind, r.idempotency_key, r.body, r.attempts, s.iccid`,
    [limit, leaseMs / 1000],
  )
}

/** The activation as the network takes it: with the RICA record of its body, or the one kept for the SIM. */
async function activation(db: Db, row: ClaimedRow, ricaFor: RicaRecordFor | undefined): Promise<Activation> {
  const { rica, ...rest } = v.parse(bodies.activate, row.body)
  const record = rica ?? (await ricaFor?.(db, row.service_id))
  if (!record) throw new Unsendable(`no RICA record for service ${row.service_id}: the network must not activate the SIM without it`)
  return { ...rest, rica: record }
}

/** The one call the request's kind makes, with its idempotency key. */
async function call(db: Db, network: Network, row: ClaimedRow, ricaFor: RicaRecordFor | undefined): Promise<void> {
  const key = row.idempotency_key
  if (row.kind === 'activate') return network.activate(await activation(db, row, ricaFor), key)
  // Every other request is about a SIM the network activated, so it has its ICCID.
  if (row.iccid === null) throw new Unsendable(`service ${row.service_id} has no ICCID: the network knows no such SIM`)
  const iccid = row.iccid
  switch (row.kind) {
    case 'change_plan':
      return network.changePlan(iccid, v.parse(bodies.change_plan, row.body).plan, key)
    case 'add_bundle': {
      const { bundle, reference } = v.parse(bodies.add_bundle, row.body)
      return network.addBundle(iccid, bundle, reference, key)
    }
    case 'cancel':
      return network.cancel(iccid, key)
    case 'suspend':
      return network.suspend(iccid, v.parse(bodies.suspend, row.body).reason, key)
  }
}

/** A request we cannot send as it stands (no ICCID to name the SIM by): ours to look into, not the network's to retry. */
class Unsendable extends Error {
  override name = 'Unsendable'
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1_000)

/** Sends one claimed request and records the outcome: accepted, due again after its backoff, or failed for good. */
async function sendClaimed(db: Db, network: Network, row: ClaimedRow, log: Logger, ricaFor: RicaRecordFor | undefined): Promise<keyof NetworkOutboxRun> {
  const about = { requestId: row.id, serviceId: row.service_id, kind: row.kind, attempts: row.attempts, network: network.source }
  try {
    await call(db, network, row, ricaFor)
  } catch (error) {
    // A body that does not parse is ours to fix, not the network's to retry.
    const forGood = error instanceof NetworkRefused || error instanceof Unsendable || error instanceof v.ValiError
    const retryAfter = error instanceof NetworkUnavailable ? error.retryAfterSeconds : undefined
    const delay = networkRetryDelaySeconds(row.attempts, retryAfter)
    const [after] = await db.query<{ failed: boolean }>(
      `update network_requests set last_error = $2, next_attempt_at = now() + make_interval(secs => $3),
         failed_at = case when $4 or attempts >= $5 then now() end
       where id = $1 returning failed_at is not null as failed`,
      [row.id, messageOf(error), delay, forGood, networkRetries.attempts],
    )
    if (after?.failed) {
      log.error({ ...about, err: error }, 'network request failed for good: kept in network_requests with failed_at and last_error')
      return 'failed'
    }
    log.warn({ ...about, err: error, retryInSeconds: delay }, 'network request not taken; it will be tried again')
    return 'retrying'
  }
  await db.query('update network_requests set accepted_at = now(), last_error = null where id = $1', [row.id])
  log.info(about, 'network request accepted')
  return 'accepted'
}

/**
 * Sends every request that is due to the network, each with its idempotency key: once, however many instances run
 * this at the same time; a request sent again (its instance died after the call) carries the same key, so the
 * network does it once. Tests call it to send what a request queued; the outbox job calls it on its interval.
 */
export async function sendDueNetworkRequests(
  db: Db,
  network: Network,
  { leaseMs, log = silentLogger, stopping, ricaFor }: NetworkOutboxOptions,
): Promise<NetworkOutboxRun> {
  const run: NetworkOutboxRun = { accepted: 0, retrying: 0, failed: 0 }
  while (!stopping?.aborted) {
    const claimed = await claimDueRequests(db, batchSize, leaseMs)
    if (claimed.length === 0) break
    for (const outcome of await Promise.all(claimed.map((row) => sendClaimed(db, network, row, log, ricaFor)))) run[outcome]++
  }
  return run
}

/** A request a dead instance held is taken back after this long: by then its call to the network has certainly ended. */
export const networkLeaseMs = 120_000

export interface NetworkOutboxJobOptions {
  db: Db
  network: Network
  log: Logger
  intervalMs: number
  leaseMs?: number
  ricaFor?: RicaRecordFor
}

/**
 * Every instance runs this job; nudge() sends at once what this instance has just queued, instead of at the next
 * interval. On stop, the calls under way finish and nothing more is claimed.
 */
export function startNetworkOutbox({ db, network, log, intervalMs, leaseMs = networkLeaseMs, ricaFor }: NetworkOutboxJobOptions): PeriodicJob {
  return startPeriodicJob((stopping) => sendDueNetworkRequests(db, network, { leaseMs, log, stopping, ...(ricaFor ? { ricaFor } : {}) }), {
    intervalMs,
    log,
    failure: 'sending the network outbox failed',
  })
}
