import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { queueMail } from '../../server/mail/queueMail.ts'
import { passwordResetMail } from '../../server/mail/templates/passwordReset.ts'
import { apiKey } from '../server/helpers/accounts.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { startFakeSmtp } from '../server/helpers/fakeSmtp.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL
const CUSTOMERS = 30
const QUEUED = 270
/** Each customer's sign-up confirmation and reset link, and the burst queued in one transaction. */
const TOTAL = 2 * CUSTOMERS + QUEUED

/**
 * The mail outbox job (server/mail/mailOutbox.ts) runs in every instance of the compiled server; three of them on one
 * PostgreSQL, each looking every 20 ms, race for the same 330 mails and hand them to one SMTP server. Each instance
 * logs every mail it sends, so a mail sent twice would show twice, in the logs and at the SMTP server.
 */
describe.skipIf(!server)('the mail outbox on three compiled servers (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>
  let instances: Instance[] = []

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    smtp = await startFakeSmtp()
    instances = await startInstances(
      project.root,
      3,
      stagingEnv(database.url, { SHUTDOWN_GRACE_MS: '0', MAIL_OUTBOX_INTERVAL_MS: '20', SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@shop.example.co.za' }),
    )
    db = await openDb(database.url, undefined, { poolMax: 4 })
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    await smtp?.close()
    project?.remove()
  })

  it(`sends each of ${TOTAL} mails exactly once, whichever instance takes it, the links on PUBLIC_URL`, async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signUpThrough(instances[i % 3]!.url, `198.51.100.${60 + i}`)))
    const emails = (await db.query<{ email: string }>('select email from customers where id = any($1::int[])', [customers.map((c) => c.id)])).map(
      (r) => r.email,
    )
    // A reset link asked for each customer through the three instances in turn, and a burst queued in one transaction meanwhile.
    const asked = Promise.all(
      emails.map(async (email, i) => {
        const res = await fetch(`${instances[i % 3]!.url}/api/auth/password/forgot`, {
          method: 'POST',
          headers: { Key: apiKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${60 + i}` },
          body: JSON.stringify({ email }),
        })
        expect(res.status).toBe(202)
      }),
    )
    const bulk = Array.from({ length: QUEUED }, (_, i) => `bulk.${i}.${Date.now()}@example.co.za`)
    await db.transaction(async (tx) => {
      for (const to of bulk)
        await queueMail(tx, {
          to,
          language: 'en',
          template: passwordResetMail,
          values: { firstName: 'Thandi', link: 'https://shop.example.co.za/x', minutes: 30 },
        })
    })
    await asked
    const total = TOTAL

    await expect
      .poll(async () => (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is not null'))[0]!.n, { timeout: 30_000 })
      .toBe(total)
    // Stopped: any send still under way has finished, so the SMTP server's count is final.
    const exits = await stopInstances(instances)
    expect(exits.every((e) => e.code === 0)).toBe(true)

    // Each customer got two mails (the sign-up's confirmation, the reset link), each burst address one: a mail sent
    // twice would show as one more.
    const recipients = smtp.received.flatMap((m) => m.to)
    expect(recipients).toHaveLength(total)
    expect([...recipients].sort()).toEqual([...emails, ...emails, ...bulk].sort())
    const toCustomers = smtp.received.filter((m) => emails.includes(m.to[0]!))
    for (const path of ['/verify_email', '/reset_password']) {
      const withLink = toCustomers.filter((m) => m.data.includes(`${path}?token=`))
      expect(withLink.flatMap((m) => m.to).sort()).toEqual([...emails].sort())
      for (const mail of withLink) expect(mail.data).toMatch(new RegExp(`https://shop\\.example\\.co\\.za${path}\\?token=[\\w-]{43}`))
    }

    const toldSoFar = () =>
      instances.flatMap(({ run }) =>
        run
          .entries()
          .filter((e) => e.msg === 'mail sent')
          .map((e) => e.mailId as number),
      )
    // Log lines reach the pipe in batches (server/log.ts logDestination): wait for every line, then check none came twice.
    await expect.poll(() => toldSoFar().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(total)
    const told = toldSoFar()
    expect(told).toHaveLength(total)
    expect(new Set(told).size).toBe(total)
    const perInstance = instances.map(({ run }) => run.entries().filter((e) => e.msg === 'mail sent').length)
    const [row] = await db.query<{ unsent: number; tries: number }>(
      'select count(*) filter (where sent_at is null)::int as unsent, max(attempts)::int as tries from mail_outbox',
    )
    expect(row).toEqual({ unsent: 0, tries: 1 })
    console.log(`[instances] ${total} mails sent once each, by instance: ${perInstance.join(', ')}`)
    // A staging cluster (SANDBOX=true) says so at warn on every start, naming what is simulated; nothing else is warned.
    for (const { run } of instances) {
      expect(run.entries().filter((e) => e.level >= 40 && !e.sandbox)).toEqual([])
      expect(run.entries().filter((e) => e.sandbox)).toEqual([
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/^SANDBOX=true: simulated, not real: the network/) }),
      ])
    }
  })
})
