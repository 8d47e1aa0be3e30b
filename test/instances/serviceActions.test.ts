import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxPartner } from '../../server/orders/partner.ts'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { seed } from '../../server/seed/seed.ts'
import { giveDemoHistory } from '../../server/seed/demoSims.ts'
import { address } from '../server/helpers/accounts.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { clusterIdNumberKey, stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL
const CUSTOMERS = 30

/**
 * The job that applies scheduled SIM actions (server/services/applyDueActions.ts) runs in every instance of the
 * compiled server; three of them on one PostgreSQL, each looking every 50 ms, race for the same 90 due package changes
 * and cancellations. Each instance logs every action it applies, so an action applied twice would show twice.
 */
describe.skipIf(!server)('the scheduled SIM actions job on three compiled servers (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let instances: Instance[] = []

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    instances = await startInstances(project.root, 3, stagingEnv(database.url, { SHUTDOWN_GRACE_MS: '0', SERVICE_ACTIONS_INTERVAL_MS: '50' }))
    db = await openDb(database.url, undefined, { poolMax: 4 })
    await seed(db)
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    project?.remove()
  })

  it('applies each due package change and cancellation exactly once, whichever instance takes it', async () => {
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => signUpThrough(instances[i % 3]!.url, `198.51.100.${40 + i}`)))
    for (const customer of customers)
      await giveDemoHistory(db, { customerId: customer.id, address: address(), partner: sandboxPartner, now: new Date() }, clusterIdNumberKey)
    const sims = await db.query<{ id: number; billing: string }>('select id, billing from services order by id')
    expect(sims).toHaveLength(2 * CUSTOMERS)

    // Every monthly SIM gets a package change and then a cancellation, every prepaid SIM a cancellation, all come due a
    // moment ago and written in one statement while the three jobs look.
    const actions = await db.query<{ id: number; service_id: number; kind: string }>(
      `insert into service_actions (service_id, kind, product_id, product, unit_price, due_at, created_at)
       select s.id, k.kind, case when k.kind = 'plan_change' then 7 end, case when k.kind = 'plan_change' then '5G Uncapped 200Mbps' end,
         case when k.kind = 'plan_change' then 749 end, now() - interval '1 second', now() - interval '1 day'
       from services s join (values ('plan_change'), ('cancellation')) as k (kind) on k.kind = 'cancellation' or s.billing = 'monthly'
       returning id, service_id, kind`,
    )
    expect(actions).toHaveLength(3 * CUSTOMERS)

    await expect
      .poll(async () => (await db.query<{ n: number }>("select count(*)::int as n from service_actions where status = 'applied'"))[0]!.n, { timeout: 20_000 })
      .toBe(actions.length)
    // Each applied once: its row names one instance, and of the three instances' logs exactly one line tells of it.
    const toldSoFar = () =>
      instances.flatMap(({ run }) =>
        run
          .entries()
          .filter((e) => e.msg === 'scheduled SIM action applied')
          .map((e) => e.actionId as number),
      )
    // Log lines reach the pipe in batches (server/log.ts logDestination): wait for every line, then check none came twice.
    await expect.poll(() => toldSoFar().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(actions.length)
    const told = toldSoFar()
    expect([...told].sort((a, b) => a - b)).toEqual(actions.map((a) => a.id).sort((a, b) => a - b))
    const byInstance = await db.query<{ applied_by: string; n: number }>(
      "select applied_by, count(*)::int as n from service_actions where status = 'applied' group by applied_by",
    )
    expect(byInstance.reduce((sum, row) => sum + row.n, 0)).toBe(actions.length)
    // The instance a row names is the one whose log told of it: one name (thisInstance) on both.
    const appliedBy = new Map(
      (await db.query<{ id: number; applied_by: string }>("select id, applied_by from service_actions where status = 'applied'")).map((row) => [
        row.id,
        row.applied_by,
      ]),
    )
    for (const { run } of instances)
      for (const line of run.entries().filter((e) => e.msg === 'scheduled SIM action applied'))
        expect(line.instance).toBe(appliedBy.get(line.actionId as number))
    console.log(`[instances] ${actions.length} due SIM actions applied by: ${byInstance.map((row) => `${row.n}`).join(', ')} (one instance each)`)

    const states = await db.query<{ billing: string; status: number; product_id: number }>('select billing, status, product_id from services')
    // A SIM's package change went before its cancellation, as both came due at once.
    expect(states.every((s) => s.status === 900 && (s.billing === 'prepaid' || s.product_id === 7))).toBe(true)
  })

  it('logged no error on any instance', () => {
    for (const { run } of instances) expect(run.entries().filter((e) => e.level >= 50)).toEqual([])
  })
})
