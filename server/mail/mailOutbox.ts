import type { Db } from '../db/types.ts'
import { silentLogger, type Logger } from '../log.ts'
import { mails } from '../metrics.ts'
import { startPeriodicJob, type PeriodicJob } from '../periodicJob.ts'
import { mailOf, type MailRow, type Mailer } from './mail.ts'

/**
 * How the outbox retries a mail the mailer refused or did not take in time: after 30 s, then twice as long each time
 * (capped at an hour), and after the 8th failed try (some 64 minutes after the first) it gives up and keeps the
 * mail with failed_at and last_error, logged as an error.
 */
export const outboxRetries = { attempts: 8, firstDelaySeconds: 30, maxDelaySeconds: 3_600 } as const

/** How long the outbox keeps a mail once sent (as the sandbox mailbox does), and one that failed for good, for an operator to see. */
export const outboxKeptDays = { sent: 7, failed: 30 } as const

/** Mails one instance claims and sends at once: each run sends them in parallel, claim after claim, until none is due. */
const batchSize = 5

/** The wait before the next try of a mail that failed its `attempts`-th try. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(outboxRetries.firstDelaySeconds * 2 ** Math.max(0, attempts - 1), outboxRetries.maxDelaySeconds)
}

export interface OutboxOptions {
  /** How long a claimed mail is this instance's: longer than a send may take, so no other instance sends it meanwhile. */
  leaseMs: number
  log?: Logger
  /** Aborted at shutdown: the mails being sent finish, and nothing more is claimed. */
  stopping?: AbortSignal
}

export interface OutboxRun {
  sent: number
  retrying: number
  failed: number
}

interface OutboxRow extends MailRow {
  id: number
  attempts: number
}

/**
 * Claims up to `limit` due mails for this instance: SKIP LOCKED passes over rows another instance is claiming, and the
 * claim moves next_attempt_at past the lease, so no other instance takes them until this one has sent them or died.
 * The try counts at the claim, so a mail whose send kills the process still runs out of tries.
 */
function claimDueMails(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
     where id in (
       select id from mail_outbox where sent_at is null and failed_at is null and next_attempt_at <= now()
       order by next_attempt_at, id limit $1 for update skip locked)
     returning id, recipient, reply_to, language, template, subject, text, html, message_id, in_reply_to, thread_references, attempts`,
    [limit, leaseMs / 1000],
  )
}

/** Sends one claimed mail and records the outcome: sent, due again after its backoff, or failed for good. */
async function sendClaimed(db: Db, mailer: Mailer, row: OutboxRow, log: Logger): Promise<keyof OutboxRun> {
  const about = { mailId: row.id, template: row.template, attempts: row.attempts }
  try {
    await mailer.deliver(mailOf(row))
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1_000)
    const [after] = await db.query<{ failed: boolean }>(
      `update mail_outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3),
         failed_at = case when attempts >= $4 then now() end
       where id = $1 returning failed_at is not null as failed`,
      [row.id, lastError, retryDelaySeconds(row.attempts), outboxRetries.attempts],
    )
    if (after?.failed) {
      log.error({ ...about, err: error }, 'mail failed for good: kept in mail_outbox with failed_at and last_error')
      return 'failed'
    }
    log.warn({ ...about, err: error, retryInSeconds: retryDelaySeconds(row.attempts) }, 'mail not sent; it will be tried again')
    return 'retrying'
  }
  await db.query('update mail_outbox set sent_at = now(), last_error = null where id = $1', [row.id])
  log.info(about, 'mail sent')
  return 'sent'
}

/**
 * Sends every mail that is due, through the mailer (SMTP, or the sandbox mailbox): each once, however many instances
 * run this at the same time. Tests call it to deliver what a request queued; the outbox job calls it on its interval.
 */
export async function sendDueMails(db: Db, mailer: Mailer, { leaseMs, log = silentLogger, stopping }: OutboxOptions): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 }
  while (!stopping?.aborted) {
    const claimed = await claimDueMails(db, batchSize, leaseMs)
    if (claimed.length === 0) break
    const outcomes = await Promise.all(claimed.map(async (row) => ({ template: row.template, outcome: await sendClaimed(db, mailer, row, log) })))
    for (const { template, outcome } of outcomes) {
      run[outcome]++
      mails.inc({ template, outcome })
    }
  }
  // Swept after a run that sent something, so an idle outbox costs one indexed query per run.
  if (run.sent > 0)
    await db.query('delete from mail_outbox where sent_at < now() - make_interval(days => $1) or failed_at < now() - make_interval(days => $2)', [
      outboxKeptDays.sent,
      outboxKeptDays.failed,
    ])
  return run
}

/** A mail a dead instance held is taken back after twice the send timeout: by then its send has certainly ended. */
export const outboxLeaseMs = (sendTimeoutMs: number) => 2 * sendTimeoutMs

export interface MailOutboxJobOptions {
  db: Db
  mailer: Mailer
  log: Logger
  intervalMs: number
  sendTimeoutMs: number
}

/** Every instance runs this job; on stop, the sends under way finish (each within the send timeout) and nothing more is claimed. */
export function startMailOutbox({ db, mailer, log, intervalMs, sendTimeoutMs }: MailOutboxJobOptions): PeriodicJob {
  const leaseMs = outboxLeaseMs(sendTimeoutMs)
  return startPeriodicJob((stopping) => sendDueMails(db, mailer, { leaseMs, log, stopping }), { intervalMs, log, failure: 'sending the mail outbox failed' })
}
