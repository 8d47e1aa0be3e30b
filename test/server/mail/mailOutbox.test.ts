import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Queryable } from '../../../server/db/types.ts'
import type { Mail, Mailer } from '../../../server/mail/mail.ts'
import { silentLogger } from '../../../server/log.ts'
import { outboxKeptDays, outboxRetries, retryDelaySeconds, sendDueMails, startMailOutbox } from '../../../server/mail/mailOutbox.ts'
import { queueMail } from '../../../server/mail/queueMail.ts'
import { passwordResetMail } from '../../../server/mail/templates/passwordReset.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { openTestDb, secondInstanceDb, startupTimeout, type TestDb } from '../helpers/testDb.ts'

const lease = { leaseMs: 60_000 }
let counter = 0
const reset = (to = `outbox.${++counter}@example.co.za`) =>
  ({
    to,
    language: 'en',
    template: passwordResetMail,
    values: { firstName: 'Thandi', link: 'https://shop.example.co.za/reset_password?token=x', minutes: 30 },
  }) as const

/** A mailer that keeps what it was given (and fails while `down`), as an SMTP server would. */
function recordingMailer() {
  const delivered: Mail[] = []
  const mailer: Mailer & { delivered: Mail[]; down: Error | undefined } = {
    kind: 'smtp',
    delivered,
    down: undefined,
    async deliver(mail) {
      if (this.down) throw this.down
      // A send takes a moment, so parallel runs really overlap.
      await new Promise((done) => setTimeout(done, 2))
      delivered.push(mail)
    },
  }
  return mailer
}

interface Row {
  id: number
  attempts: number
  sent: boolean
  failed: boolean
  last_error: string | null
  due_in: number
}

const rowsTo = (db: Queryable, to: string) =>
  db.query<Row>(
    `select id, attempts, sent_at is not null as sent, failed_at is not null as failed, last_error,
       round(extract(epoch from next_attempt_at - now()))::int as due_in
     from mail_outbox where recipient = $1 order by id`,
    [to],
  )

/** Time passes: every mail waiting for its next try is due now. */
const makeDue = (db: Queryable) => db.query('update mail_outbox set next_attempt_at = now() where sent_at is null and failed_at is null')

describe('the mail outbox', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
  }, startupTimeout)
  afterAll(() => t.drop())
  // Each test starts with nothing due, so one test's mails never count in another's.
  beforeEach(() => t.db.query('update mail_outbox set sent_at = now() where sent_at is null and failed_at is null'))

  it('holds a mail exactly when the change that caused it commits', async () => {
    const kept = reset()
    const dropped = reset()
    await t.db.transaction((tx) => queueMail(tx, kept))
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, dropped)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await rowsTo(t.db, kept.to)).toEqual([expect.objectContaining({ attempts: 0, sent: false, failed: false, last_error: null })])
    expect(await rowsTo(t.db, dropped.to)).toEqual([])
  })

  it('sends each due mail once, rendered as queued, and marks it sent so no later run sends it again', async () => {
    const mailer = recordingMailer()
    const requests = [reset(), reset(), reset(), reset(), reset(), reset(), reset()]
    for (const request of requests) await queueMail(t.db, request)
    expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 7, retrying: 0, failed: 0 })
    expect(mailer.delivered.map((m) => m.to).sort()).toEqual(requests.map((r) => r.to).sort())
    expect(mailer.delivered[0]).toMatchObject({ language: 'en', template: 'passwordReset', subject: 'Reset your Seed Storefront password' })
    expect(mailer.delivered[0]!.text).toMatch(/^Hello Thandi,/)
    await makeDue(t.db)
    expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(mailer.delivered).toHaveLength(7)
    for (const request of requests) expect(await rowsTo(t.db, request.to)).toEqual([expect.objectContaining({ attempts: 1, sent: true })])
  })

  it('tries a refused mail again after a backoff that doubles, and sends it once the mailer is back, clearing the error', async () => {
    const { log, entries } = captureLog()
    const mailer = recordingMailer()
    mailer.down = new Error('connect ECONNREFUSED 127.0.0.1:25')
    const request = reset()
    await queueMail(t.db, request)
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await sendDueMails(t.db, mailer, { ...lease, log })).toEqual({ sent: 0, retrying: 1, failed: 0 })
      const [row] = await rowsTo(t.db, request.to)
      expect(row).toMatchObject({ attempts: attempt, sent: false, failed: false, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
      expect(Math.abs(row!.due_in - retryDelaySeconds(attempt))).toBeLessThanOrEqual(1)
      // Not due before its backoff is over.
      expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 0, retrying: 0, failed: 0 })
      await makeDue(t.db)
    }
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240])
    expect(entries().filter((e) => e.msg === 'mail not sent; it will be tried again')).toHaveLength(3)
    mailer.down = undefined
    expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(await rowsTo(t.db, request.to)).toEqual([expect.objectContaining({ attempts: 4, sent: true, last_error: null })])
    expect(mailer.delivered.map((m) => m.to)).toEqual([request.to])
  })

  it(`gives up after ${outboxRetries.attempts} tries and keeps the mail, with failed_at and the last error, logged as an error`, async () => {
    const { log, entries } = captureLog()
    const mailer = recordingMailer()
    mailer.down = new Error('550 mailbox unavailable')
    const request = reset()
    await queueMail(t.db, request)
    for (let attempt = 1; attempt < outboxRetries.attempts; attempt++) {
      expect(await sendDueMails(t.db, mailer, { ...lease, log })).toEqual({ sent: 0, retrying: 1, failed: 0 })
      await makeDue(t.db)
    }
    expect(await sendDueMails(t.db, mailer, { ...lease, log })).toEqual({ sent: 0, retrying: 0, failed: 1 })
    const [row] = await rowsTo(t.db, request.to)
    expect(row).toMatchObject({ attempts: outboxRetries.attempts, sent: false, failed: true, last_error: '550 mailbox unavailable' })
    const [failure] = entries().filter((e) => e.level === 50)
    expect(failure).toMatchObject({
      msg: 'mail failed for good: kept in mail_outbox with failed_at and last_error',
      mailId: row!.id,
      template: 'passwordReset',
    })
    // Failed for good: no later run picks it up, even once the mailer is back.
    mailer.down = undefined
    await makeDue(t.db)
    expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(mailer.delivered).toEqual([])
  })

  it('sends each of 60 mails exactly once while three instances run the job at the same moment', async () => {
    const instances = await Promise.all([secondInstanceDb(t), secondInstanceDb(t), secondInstanceDb(t)])
    try {
      const requests = Array.from({ length: 60 }, () => reset())
      await t.db.transaction(async (tx) => {
        for (const request of requests) await queueMail(tx, request)
      })
      const mailers = instances.map(() => recordingMailer())
      const runs = await Promise.all(instances.map((instance, i) => sendDueMails(instance.db, mailers[i]!, lease)))
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(60)
      const delivered = mailers.flatMap((m) => m.delivered.map((mail) => mail.to))
      expect(delivered.sort()).toEqual(requests.map((r) => r.to).sort())
    } finally {
      for (const instance of instances) await instance.close()
    }
  })

  it('leaves a mail another instance claimed alone until its lease is over, then sends it once', async () => {
    const request = reset()
    await queueMail(t.db, request)
    // An instance that claimed it and then hangs (or died) in the middle of the send.
    const hung: Mailer = { kind: 'smtp', deliver: () => new Promise<void>(() => {}) }
    void sendDueMails(t.db, hung, { leaseMs: 120_000 })
    await expect.poll(async () => (await rowsTo(t.db, request.to))[0]?.attempts).toBe(1)
    const [claimed] = await rowsTo(t.db, request.to)
    expect(claimed!.due_in).toBeGreaterThanOrEqual(119)
    const mailer = recordingMailer()
    expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 0, retrying: 0, failed: 0 })
    // The lease runs out.
    await t.db.query('update mail_outbox set next_attempt_at = now() where recipient = $1', [request.to])
    expect(await sendDueMails(t.db, mailer, lease)).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(await rowsTo(t.db, request.to)).toEqual([expect.objectContaining({ attempts: 2, sent: true })])
  })

  it('on stop, finishes the mails it is sending and claims no more: the rest stay due for any instance', async () => {
    const requests = Array.from({ length: 12 }, () => reset())
    for (const request of requests) await queueMail(t.db, request)
    const stopping = new AbortController()
    const delivered: string[] = []
    const mailer: Mailer = {
      kind: 'smtp',
      async deliver(mail) {
        // Shutdown begins while the first mails are on their way.
        stopping.abort()
        await new Promise((done) => setTimeout(done, 20))
        delivered.push(mail.to)
      },
    }
    const run = await sendDueMails(t.db, mailer, { ...lease, stopping: stopping.signal })
    expect(run.sent).toBe(delivered.length)
    expect(delivered.length).toBeGreaterThan(0)
    expect(delivered.length).toBeLessThan(12)
    const rows = (await Promise.all(requests.map((r) => rowsTo(t.db, r.to)))).flat()
    expect(rows.filter((r) => r.sent)).toHaveLength(delivered.length)
    // Never claimed: due now, no try counted.
    expect(rows.filter((r) => !r.sent).every((r) => r.attempts === 0 && r.due_in <= 0)).toBe(true)
    const rest = recordingMailer()
    expect(await sendDueMails(t.db, rest, lease)).toEqual({ sent: 12 - delivered.length, retrying: 0, failed: 0 })
  })

  it(`forgets a sent mail after ${outboxKeptDays.sent} days and a failed one after ${outboxKeptDays.failed}, keeping the rest`, async () => {
    const [sentLongAgo, failedLongAgo, failedLately, fresh] = [reset(), reset(), reset(), reset()]
    for (const request of [sentLongAgo, failedLongAgo, failedLately]) await queueMail(t.db, request)
    await t.db.query('update mail_outbox set sent_at = now() - make_interval(days => $2, secs => 1) where recipient = $1', [
      sentLongAgo.to,
      outboxKeptDays.sent,
    ])
    await t.db.query('update mail_outbox set failed_at = now() - make_interval(days => $2, secs => 1) where recipient = $1', [
      failedLongAgo.to,
      outboxKeptDays.failed,
    ])
    await t.db.query('update mail_outbox set failed_at = now() - make_interval(days => $2) where recipient = $1', [failedLately.to, outboxKeptDays.sent])
    await queueMail(t.db, fresh)
    expect(await sendDueMails(t.db, recordingMailer(), lease)).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(await rowsTo(t.db, sentLongAgo.to)).toEqual([])
    expect(await rowsTo(t.db, failedLongAgo.to)).toEqual([])
    expect(await rowsTo(t.db, failedLately.to)).toHaveLength(1)
    expect(await rowsTo(t.db, fresh.to)).toEqual([expect.objectContaining({ sent: true })])
  })

  it('as a job, stop() waits for the send under way, which then counts as sent, and the job claims nothing after it', async () => {
    const held = reset()
    await queueMail(t.db, held)
    let release!: () => void
    const delivered: string[] = []
    const mailer: Mailer = {
      kind: 'smtp',
      deliver: (mail) =>
        new Promise<void>((done) => {
          release = () => {
            delivered.push(mail.to)
            done()
          }
        }),
    }
    const job = startMailOutbox({ db: t.db, mailer, log: silentLogger, intervalMs: 10, sendTimeoutMs: 30_000 })
    await expect.poll(() => typeof release).toBe('function')
    let stopped = false
    const stopping = job.stop().then(() => (stopped = true))
    const later = reset()
    await queueMail(t.db, later)
    await new Promise((done) => setImmediate(done))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(delivered).toEqual([held.to])
    expect(await rowsTo(t.db, held.to)).toEqual([expect.objectContaining({ attempts: 1, sent: true })])
    // Queued while the job was stopping: still due, for this instance's next start or any other instance.
    expect(await rowsTo(t.db, later.to)).toEqual([expect.objectContaining({ attempts: 0, sent: false })])
  })
})
