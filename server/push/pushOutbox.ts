import type { Db } from '../db/types.ts'
import { silentLogger, type Logger } from '../log.ts'
import { pushMessages } from '../metrics.ts'
import { startPeriodicJob, type PeriodicJob } from '../periodicJob.ts'
import { checkPushEndpoint } from './pushEndpoint.ts'
import { sendPush, pushSendTimeoutMs, type PushAnswer, type PushMessage, type Urgency } from './pushSender.ts'
import { pushSandboxOrigin, type PushSettings } from './pushSettings.ts'

/**
 * How the outbox retries a notification a push service did not take (429, 5xx, unreachable, timed out): after 30 s,
 * then twice as long each time (capped at an hour) or as long as Retry-After asks if longer; after the 6th failed
 * try it gives up. It also gives up when the notification expires first: a late one is never sent.
 */
export const pushRetries = { attempts: 6, firstDelaySeconds: 30, maxDelaySeconds: 3_600 } as const

/** How long the outbox keeps a notification once sent, and one given up on, for an operator to see. */
export const pushKeptDays = { sent: 7, failed: 30 } as const

/** Notifications one instance claims and sends at once, in parallel, claim after claim until none is due. */
const batchSize = 10

/** The wait before the next try of a notification that failed its `attempts`-th try. */
export function pushRetryDelaySeconds(attempts: number, retryAfterSeconds = 0): number {
  const backoff = Math.min(pushRetries.firstDelaySeconds * 2 ** Math.max(0, attempts - 1), pushRetries.maxDelaySeconds)
  return Math.max(backoff, retryAfterSeconds)
}

/** What became of one claimed notification (the metric's outcome label). */
export type PushOutcome = 'sent' | 'retrying' | 'failed' | 'gone' | 'expired'
export type PushRun = Record<PushOutcome, number>

export interface PushOutboxOptions {
  /** How long a claimed notification is this instance's: longer than a send may take, so no other instance sends it meanwhile. */
  leaseMs: number
  log?: Logger
  /** Aborted at shutdown: the sends under way finish, and nothing more is claimed. */
  stopping?: AbortSignal
  /** The one HTTP POST (tests may count or slow it); sendPush by default. */
  send?: (message: PushMessage, push: PushSettings) => Promise<PushAnswer>
}

interface Claimed {
  id: number
  kind: string
  topic: string
  urgency: Urgency
  payload: string
  attempts: number
  ttl: number
  customer_id: number | null
  subscription_id: number | null
  endpoint: string | null
  p256dh: string | null
  auth: string | null
  subscriber: number | null
  session_live: boolean | null
}

/**
 * Claims up to `limit` due notifications for this instance, with their device: SKIP LOCKED passes over rows another
 * instance is claiming, and the claim moves next_attempt_at past the lease, so nobody else takes them until this one
 * has sent them or died. The try counts at the claim, so a send that kills the process still runs out of tries.
 */
function claimDue(db: Db, limit: number, leaseMs: number): Promise<Claimed[]> {
  return db.query<Claimed>(
    `with claimed as (
       update push_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       where id in (
         select id from push_outbox where sent_at is null and failed_at is null and next_attempt_at <= now()
         order by next_attempt_at, id limit $1 for update skip locked)
       returning id, kind, topic, urgency, payload, attempts, expires_at, customer_id, subscription_id)
     select c.id, c.kind, c.topic, c.urgency, c.payload, c.attempts, floor(extract(epoch from c.expires_at - now()))::int as ttl,
       c.customer_id, c.subscription_id, s.endpoint, s.p256dh, s.auth, s.customer_id as subscriber,
       se.expires_at > now() as session_live
     from claimed c left join push_subscriptions s on s.id = c.subscription_id left join sessions se on se.id_hash = s.session_id_hash`,
    [limit, leaseMs / 1000],
  )
}

const giveUp = (db: Db, id: number, status: number | null, error: string) =>
  db.query('update push_outbox set failed_at = now(), last_status = $2, last_error = $3 where id = $1', [id, status, error])

// A device the push service no longer knows, or whose endpoint is no longer one we send to, is unsubscribed for good.
const unsubscribe = (db: Db, subscriptionId: number) => db.query('delete from push_subscriptions where id = $1', [subscriptionId])

/** Sends one claimed notification and records the outcome. */
async function sendClaimed(db: Db, push: PushSettings, row: Claimed, log: Logger, send: NonNullable<PushOutboxOptions['send']>): Promise<PushOutcome> {
  const about = { pushId: row.id, kind: row.kind, attempts: row.attempts, subscriptionId: row.subscription_id }
  if (row.endpoint === null || row.p256dh === null || row.auth === null || row.subscription_id === null) {
    await giveUp(db, row.id, null, 'subscription gone')
    return 'gone'
  }
  // Never shown to someone else: the device moved to another account, or the session that subscribed it ended.
  const moved = String(row.subscriber) !== String(row.customer_id)
  if (moved || !row.session_live) {
    await giveUp(db, row.id, null, moved ? 'the device moved to another account' : 'the session that subscribed has ended')
    return 'gone'
  }
  if (row.ttl <= 0) {
    await giveUp(db, row.id, null, 'expired before it could be sent')
    log.info(about, 'notification expired before it could be sent')
    return 'expired'
  }
  const checked = checkPushEndpoint(row.endpoint, { sandboxOrigin: pushSandboxOrigin(push) })
  if (!checked.ok) {
    await giveUp(db, row.id, null, `endpoint refused: ${checked.reason}`)
    await unsubscribe(db, row.subscription_id)
    log.warn({ ...about, reason: checked.reason }, 'notification not sent: its endpoint is not a push service we send to; the subscription is removed')
    return 'failed'
  }
  const message: PushMessage = {
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    payload: row.payload,
    ttlSeconds: row.ttl,
    urgency: row.urgency,
    topic: row.topic,
  }
  let answer: PushAnswer | undefined
  let error: unknown
  try {
    answer = await send(message, push)
  } catch (caught) {
    error = caught
  }
  const status = answer?.status ?? null
  if (status !== null && status >= 200 && status < 300) {
    await db.query('update push_outbox set sent_at = now(), last_status = $2, last_error = null where id = $1', [row.id, status])
    log.info({ ...about, status }, 'notification sent')
    return 'sent'
  }
  if (status === 404 || status === 410) {
    await unsubscribe(db, row.subscription_id)
    await giveUp(db, row.id, status, `subscription gone (${status})`)
    log.info({ ...about, status }, 'the push service no longer knows this device: its subscription is removed')
    return 'gone'
  }
  if (status === 413) {
    await giveUp(db, row.id, status, 'payload too large (413)')
    log.error(
      { ...about, status, bytes: Buffer.byteLength(row.payload) },
      'notification refused by the push service as too large: kept in push_outbox with failed_at',
    )
    return 'failed'
  }
  const retryable = status === null || status === 429 || status >= 500
  const lastError =
    status === null
      ? (error instanceof Error ? error.message : String(error)).slice(0, 1_000)
      : `${status === 429 ? 'too many requests' : 'push service answered'} (${status})`
  if (!retryable) {
    await giveUp(db, row.id, status, lastError)
    log.error({ ...about, status }, 'notification refused by the push service: kept in push_outbox with failed_at and last_error')
    return 'failed'
  }
  const delay = pushRetryDelaySeconds(row.attempts, answer?.retryAfterSeconds)
  const [after] = await db.query<{ failed: boolean }>(
    `update push_outbox set last_status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4),
       failed_at = case when attempts >= $5 then now() end
     where id = $1 returning failed_at is not null as failed`,
    [row.id, status, lastError, delay, pushRetries.attempts],
  )
  if (after?.failed) {
    log.error({ ...about, status, err: error }, 'notification failed for good: kept in push_outbox with failed_at and last_error')
    return 'failed'
  }
  log.warn({ ...about, status, err: error, retryInSeconds: delay }, 'notification not sent; it will be tried again')
  return 'retrying'
}

/**
 * Sends every notification that is due, each once however many instances run this at the same time. Tests call it to
 * deliver what an event queued; the push outbox job calls it on its interval.
 */
export async function sendDuePushes(
  db: Db,
  push: PushSettings,
  { leaseMs, log = silentLogger, stopping, send = sendPush }: PushOutboxOptions,
): Promise<PushRun> {
  const run: PushRun = { sent: 0, retrying: 0, failed: 0, gone: 0, expired: 0 }
  while (!stopping?.aborted) {
    const claimed = await claimDue(db, batchSize, leaseMs)
    if (claimed.length === 0) break
    const outcomes = await Promise.all(claimed.map(async (row) => ({ kind: row.kind, outcome: await sendClaimed(db, push, row, log, send) })))
    for (const { kind, outcome } of outcomes) {
      run[outcome]++
      pushMessages.inc({ kind, outcome })
    }
  }
  // Swept after a run that did something, so an idle outbox costs one indexed query per run.
  if (Object.values(run).some((n) => n > 0))
    await db.query('delete from push_outbox where sent_at < now() - make_interval(days => $1) or failed_at < now() - make_interval(days => $2)', [
      pushKeptDays.sent,
      pushKeptDays.failed,
    ])
  return run
}

/** A notification a dead instance held is taken back after twice the send timeout: by then its send has certainly ended. */
export const pushLeaseMs = 2 * pushSendTimeoutMs

export interface PushOutboxJobOptions {
  db: Db
  push: PushSettings
  log: Logger
  intervalMs: number
}

/** Every instance runs this job; on stop, the sends under way finish (each within the send timeout) and nothing more is claimed. */
export function startPushOutbox({ db, push, log, intervalMs }: PushOutboxJobOptions): PeriodicJob {
  return startPeriodicJob((stopping) => sendDuePushes(db, push, { leaseMs: pushLeaseMs, log, stopping }), {
    intervalMs,
    log,
    failure: 'sending the push outbox failed',
  })
}
