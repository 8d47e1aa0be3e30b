import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { seed } from '../../server/seed/seed.ts'
import type { RunningServer } from '../../server/server.ts'
import { apiKey } from '../server/helpers/accounts.ts'
import { freshDatabase, startupTimeout } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { startTestServer } from '../server/helpers/testServer.ts'

const listeningQuery = `select pid from pg_stat_activity where datname = current_database() and query = 'listen "catalogue_changed"'`

const priceServed = async (server: RunningServer, id: number) => {
  const res = await fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: apiKey } })
  const { products } = (await res.json()) as { products: { id: number; unit_price: number }[] }
  return products.find((p) => p.id === id)?.unit_price
}

// A dropped connection is PostgreSQL's (PGlite's one embedded connection never drops).
describe('the catalogue listener on PostgreSQL', () => {
  let fresh: TestDatabase
  let admin: Db
  const dbs: Db[] = []
  const servers: RunningServer[] = []
  /** The listening connections of this file's instances, by backend pid. */
  const ours = new Set<number>()
  const listening = async () => (await admin.query<{ pid: number }>(listeningQuery)).map((row) => row.pid)

  beforeAll(async () => {
    fresh = await freshDatabase()
    admin = await createDb(fresh.url, undefined, { poolMax: 1 })
    await seed(admin)
    const before = new Set(await listening())
    for (let i = 0; i < 2; i++) {
      const db = await createDb(fresh.url, undefined, { poolMax: 2 })
      dbs.push(db)
      servers.push(await startTestServer({ db, apiKey }))
    }
    for (const pid of await listening()) if (!before.has(pid)) ours.add(pid)
  }, startupTimeout)
  afterAll(async () => {
    for (const server of servers) await server.close()
    for (const db of dbs) await db.close()
    await admin?.close()
    await fresh?.drop()
  })

  it('listens on a connection of its own per instance, and after that connection drops, reconnects and reloads: a change whose notice it missed is served within five seconds', async () => {
    expect(ours.size).toBe(2)
    const before = await Promise.all(servers.map((server) => priceServed(server, 1)))
    const price = (before[0] ?? 0) + 7
    // Committed without a notice, as one sent while the listener was away is lost: only the reload on reconnecting finds it.
    await admin.query('update products set unit_price = $1 where id = 1', [price])
    await admin.query('select pg_terminate_backend(pid::integer) from jsonb_array_elements_text($1::text::jsonb) as pid', [JSON.stringify([...ours])])
    for (const server of servers) await expect.poll(() => priceServed(server, 1), { timeout: 5_000, interval: 100 }).toBe(price)
    await expect.poll(async () => (await listening()).filter((pid) => !ours.has(pid)).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
  })

  it('ends the listening connection when the instance shuts down', async () => {
    const count = async () => (await listening()).length
    const all = await count()
    await servers[1]!.close()
    await expect.poll(count, { timeout: 5_000 }).toBe(all - 1)
  })
})
