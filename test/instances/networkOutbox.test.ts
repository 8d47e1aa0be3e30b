import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxPartner } from '../../server/orders/partner.ts'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { seed } from '../../server/seed/seed.ts'
import { writeDemoHistory } from '../../server/seed/demoHistory.ts'
import { activateDemoSims } from '../../server/seed/demoSims.ts'
import { address } from '../server/helpers/accounts.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { startFakeNetwork } from '../server/helpers/fakeNetwork.ts'
import type { FakeNetwork } from '../server/helpers/fakeNetwork.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { clusterIdNumberKey, stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL
const CUSTOMERS = 20

/**
 * The network outbox (server/network/networkOutbox.ts) runs in every instance of the compiled server; three of them on
 * one PostgreSQL, each looking every 20 ms, race for the same requests and send them to one enabler over HTTPS (as
 * production requires). The fake enabler dedupes nothing: it counts every call per idempotency key, so a request sent
 * twice would count two.
 */
describe.skipIf(!server)('the network outbox on three compiled servers (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let network: FakeNetwork
  let instances: Instance[] = []

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    network = await startFakeNetwork({ tls: true })
    instances = await startInstances(
      project.root,
      3,
      stagingEnv(database.url, {
        SHUTDOWN_GRACE_MS: '0',
        NETWORK_OUTBOX_INTERVAL_MS: '20',
        NETWORK_BASE_URL: network.url,
        NETWORK_API_TOKEN: network.token,
        NETWORK_WEBHOOK_SECRET: 'the-enabler-webhook-secret-of-32-characters',
        NODE_EXTRA_CA_CERTS: network.certificate ?? '',
      }),
    )
    db = await openDb(database.url, undefined, { poolMax: 4 })
    await seed(db)
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    await network?.close()
    project?.remove()
  })

  it('makes each network call once, whichever instance sends it', async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signUpThrough(instances[i % 3]!.url, `198.51.100.${80 + i}`)))
    // Each customer's two SIMs come to life through their events (the demo's activations taken by the sandbox network,
    // unless an outbox sends one first: then once).
    for (const customer of customers) {
      const sims = await db.transaction((tx) => writeDemoHistory(tx, { customerId: customer.id, address: address(), partner: sandboxPartner, now: new Date() }))
      await activateDemoSims(db, sims, clusterIdNumberKey)
    }
    const active = await db.query<{ id: number }>("select id from services where life = 'active' order by id")
    expect(active).toHaveLength(2 * CUSTOMERS)
    // Then every SIM gets a plan change, a bundle and a suspension, all written in one statement while the three look.
    await db.query(
      `insert into network_requests (service_id, kind, idempotency_key, body)
       select s.id, k.kind, gen_random_uuid(), k.body::jsonb from services s cross join (values
         ('change_plan', '{"plan": "7"}'),
         ('add_bundle', '{"bundle": {"kind": "data", "amount": 1000000000, "validity_days": 30}, "reference": "ORD-TEST"}'),
         ('suspend', '{"reason": "lost"}')) as k (kind, body)`,
    )
    const requests = await db.query<{ key: string; kind: string }>(
      "select idempotency_key as key, kind from network_requests where kind <> 'activate' order by id",
    )
    expect(requests).toHaveLength(2 * CUSTOMERS * 3)
    await expect
      .poll(async () => (await db.query('select 1 from network_requests where accepted_at is null and failed_at is null')).length, { timeout: 60_000 })
      .toBe(0)
    // Every request accepted, none failed; each of the test's sent once (one claim), and no key ever reached the network twice.
    expect(await db.query('select 1 from network_requests where failed_at is not null')).toEqual([])
    expect(await db.query("select 1 from network_requests where kind <> 'activate' and attempts <> 1")).toEqual([])
    const counts = network.countsByKey()
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([])
    for (const request of requests) expect(counts.get(request.key), request.kind).toBe(1)
    const paths = network.calls.map((c) => c.path.replace(/\/v1\/sims\/\d+\//, '/v1/sims/{iccid}/'))
    for (const path of ['/v1/sims/{iccid}/plan', '/v1/sims/{iccid}/bundles', '/v1/sims/{iccid}/suspension'])
      expect(paths.filter((p) => p === path)).toHaveLength(2 * CUSTOMERS)
    // The demo's activations, taken by the sandbox as the seed wrote them, went to the network at most once each.
    expect(paths.filter((p) => p === '/v1/activations').length).toBeLessThanOrEqual(2 * CUSTOMERS)
    console.log(`[instances] ${network.calls.length} network calls, ${counts.size} idempotency keys, none twice`)
  }, 180_000)
})
