import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { call } from '../server/helpers/accounts.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { roundRobin, type RoundRobin } from '../server/helpers/roundRobin.ts'
import { selfSigned } from '../server/helpers/selfSigned.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL
const CUSTOMERS = 12
const DEVICES = 3
const EVENTS = 15
/** Every event of a customer goes to each of their devices. */
const TOTAL = CUSTOMERS * DEVICES * EVENTS

interface Made {
  id: number
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/**
 * The push outbox job (server/push/pushOutbox.ts) runs in every instance of the compiled server; three of them on one
 * PostgreSQL, each looking every 20 ms, race for the same 540 notifications and post them to the sandbox push service,
 * which the three also serve behind one https balancer (PUBLIC_URL), storing what it receives in the database. A
 * notification sent twice would show twice: at the sandbox push service and in the instances' logs.
 */
describe.skipIf(!server)('the push outbox on three compiled servers (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let balancer: RoundRobin
  let certificate: ReturnType<typeof selfSigned>
  let instances: Instance[] = []

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    certificate = selfSigned()
    balancer = await roundRobin({ tls: certificate })
    instances = await startInstances(
      project.root,
      3,
      stagingEnv(database.url, {
        SHUTDOWN_GRACE_MS: '0',
        PUSH_OUTBOX_INTERVAL_MS: '20',
        // The sandbox push service's endpoints are on PUBLIC_URL: the balancer, whose certificate the instances trust.
        PUBLIC_URL: balancer.url,
        NODE_EXTRA_CA_CERTS: certificate.certFile,
      }),
    )
    balancer.targets = instances.map((i) => i.url)
    db = await openDb(database.url, undefined, { poolMax: 4 })
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    await balancer?.close()
    certificate?.remove()
    project?.remove()
  })

  it(`delivers each of ${TOTAL} notifications exactly once, whichever instance sends it and whichever receives it`, async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signUpThrough(instances[i % 3]!.url, `198.51.100.${80 + i}`)))
    // Each customer's devices subscribe at the sandbox push service and store the subscription, through the three instances in turn.
    const devices = await Promise.all(
      customers.flatMap((customer, c) =>
        Array.from({ length: DEVICES }, async (_, d) => {
          const instance = instances[(c + d) % 3]!.url
          const made = (await (await fetch(`${instance}/sandbox/push/subscriptions`, { method: 'POST' })).json()) as Made
          expect(made.endpoint.startsWith(`${balancer.url}/sandbox/push/send/`)).toBe(true)
          const stored = await fetch(
            `${instance}/api/push/subscription`,
            call(
              'PUT',
              { endpoint: made.endpoint, keys: made.keys, categories: ['payments', 'services', 'usage'], language: 'en' },
              { cookie: customer.cookie },
            ),
          )
          expect(stored.status).toBe(200)
          const { subscription } = (await stored.json()) as { subscription: { id: number } }
          return { customerId: customer.id, subscriptionId: subscription.id, sandboxId: made.id }
        }),
      ),
    )
    // The events, as H2's queuePush writes them: one row per event and device, in the event's transaction.
    await db.transaction(async (tx) => {
      for (let e = 0; e < EVENTS; e++)
        for (const device of devices)
          await tx.query(
            `insert into push_outbox (subscription_id, customer_id, event_key, kind, topic, urgency, payload, expires_at)
             values ($1, $2, $3, 'payment_received', $4, 'normal', $5, now() + interval '1 day')`,
            [device.subscriptionId, device.customerId, `payment:${e}`, `order-${e}`, JSON.stringify({ web_push: 8030, event: e, device: device.sandboxId })],
          )
    })

    await expect
      .poll(async () => (await db.query<{ n: number }>('select count(*)::int as n from push_outbox where sent_at is not null'))[0]!.n, { timeout: 60_000 })
      .toBe(TOTAL)
    // Stopped: any send still under way has finished, so the sandbox's count is final.
    const exits = await stopInstances(instances)
    expect(exits.every((e) => e.code === 0)).toBe(true)

    // Each device received each event once, decrypted with its own keys: a notification sent twice would show as a count of 2.
    const received = await db.query<{ subscription_id: number; payload: string; n: number }>(
      'select subscription_id, payload, count(*)::int as n from sandbox_push_messages group by subscription_id, payload',
    )
    expect(received).toHaveLength(TOTAL)
    expect(received.filter((r) => r.n !== 1)).toEqual([])
    for (const r of received) expect(JSON.parse(r.payload).device).toBe(Number(r.subscription_id))
    const [row] = await db.query<{ unsent: number; failed: number; tries: number }>(
      'select count(*) filter (where sent_at is null)::int as unsent, count(*) filter (where failed_at is not null)::int as failed, max(attempts)::int as tries from push_outbox',
    )
    expect(row).toEqual({ unsent: 0, failed: 0, tries: 1 })

    const toldSoFar = () =>
      instances.flatMap(({ run }) =>
        run
          .entries()
          .filter((e) => e.msg === 'notification sent')
          .map((e) => e.pushId as number),
      )
    // Log lines reach the pipe in batches (server/log.ts logDestination): wait for every line, then check none came twice.
    await expect.poll(() => toldSoFar().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(TOTAL)
    const told = toldSoFar()
    expect(told).toHaveLength(TOTAL)
    expect(new Set(told).size).toBe(TOTAL)
    const perInstance = instances.map(({ run }) => run.entries().filter((e) => e.msg === 'notification sent').length)
    console.log(`[instances] ${TOTAL} notifications delivered once each, sent by instance: ${perInstance.join(', ')}`)
    // Nothing about pushes was warned of (the mails' relay of safeProductionEnv is unreachable here, and says so).
    for (const { run } of instances)
      expect(run.entries().filter((e) => e.level >= 40 && (e.pushId !== undefined || /push|notification/i.test(e.msg)))).toEqual([])
  })
})
