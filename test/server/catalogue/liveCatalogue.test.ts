import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueChanged } from '../../../server/catalogue/catalogueChanged.ts'
import type { Queryable } from '../../../server/db/types.ts'
import { seed } from '../../../server/seed/seed.ts'
import type { RunningServer } from '../../../server/server.ts'
import { accountsApp, apiKey, signUp } from '../helpers/accounts.ts'
import { cartLine, orderBody, postOrder } from '../helpers/orders.ts'
import { openTestDb, secondInstanceDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'
import { startTestServer } from '../helpers/testServer.ts'

interface Served {
  etag: string
  prices: Record<number, number>
  speeds: Record<number, string | undefined>
}

/** What an instance serves at GET /api/v2/bootstrap: its ETag, each product's price and isiXhosa speed line. */
async function served(server: RunningServer): Promise<Served> {
  const res = await fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: apiKey } })
  expect(res.status).toBe(200)
  const { products } = (await res.json()) as { products: { id: number; unit_price: number; texts: { xh?: { speed: string } } }[] }
  return {
    etag: res.headers.get('etag') ?? '',
    prices: Object.fromEntries(products.map((p) => [p.id, p.unit_price])),
    speeds: Object.fromEntries(products.map((p) => [p.id, p.texts.xh?.speed])),
  }
}

/** A price and an isiXhosa speed line changed in one transaction that says so, as an import or the back office does. */
async function changeProduct(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, id: number, price: number, speed: string) {
  await db.transaction(async (tx) => {
    await tx.query('update products set unit_price = $2 where id = $1', [id, price])
    await tx.query(`update product_texts set speed = $2 where product_id = $1 and language = 'xh'`, [id, speed])
    await catalogueChanged(tx)
  })
}

/**
 * Two instances on one database, as behind a load balancer (on PostgreSQL each has its own pool and listener; on PGlite
 * they share the one embedded connection), and a writer beside them (the command line's import, another instance).
 */
describe('a catalogue change, published without a restart', () => {
  let t: TestDb
  let other: Awaited<ReturnType<typeof secondInstanceDb>>
  let writer: Awaited<ReturnType<typeof secondInstanceDb>>
  let a: RunningServer
  let b: RunningServer
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    other = await secondInstanceDb(t)
    writer = await secondInstanceDb(t)
    a = await startTestServer({ db: t.db, apiKey })
    b = await startTestServer({ db: other.db, apiKey })
  }, startupTimeout)
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await writer?.close()
    await other?.close()
    await t?.drop()
  })

  it('is served by both instances within five seconds, under a new ETag, and the old ETag no longer answers 304', async () => {
    const [beforeA, beforeB] = await Promise.all([served(a), served(b)])
    expect(beforeB.etag).toBe(beforeA.etag)
    const price = (beforeA.prices[1] ?? 0) + 10
    const changedAt = performance.now()
    await changeProduct(writer.db, 1, price, 'Ukukhawuleza okutsha')
    for (const server of [a, b]) {
      await expect.poll(async () => (await served(server)).prices[1], { timeout: 5_000, interval: 100 }).toBe(price)
      const now = await served(server)
      expect(now.speeds[1]).toBe('Ukukhawuleza okutsha')
      expect(now.etag).not.toBe(beforeA.etag)
      const revalidated = await fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: apiKey, 'If-None-Match': beforeA.etag } })
      expect(revalidated.status).toBe(200)
      expect(revalidated.headers.get('etag')).toBe(now.etag)
      await revalidated.body?.cancel()
    }
    expect(performance.now() - changedAt).toBeLessThan(5_000)
    expect((await served(a)).etag).toBe((await served(b)).etag)
  })

  it('keeps a placed order at the price it was placed at', async () => {
    const app = accountsApp(t.db)
    const me = await signUp(app)
    const { prices } = await served(a)
    const placedAt = prices[2] ?? 0
    const placed = await postOrder(app, me.id, orderBody([cartLine(2, { unit_price: placedAt })]), { cookie: me.cookie })
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { id: number; total_price: number; order_lines: { unit_price: number }[] }
    expect(order.order_lines.map((l) => l.unit_price)).toEqual([placedAt])

    await changeProduct(writer.db, 2, placedAt + 50, 'Ukukhawuleza kwe-odolo')
    await expect.poll(async () => (await served(b)).prices[2], { timeout: 5_000, interval: 100 }).toBe(placedAt + 50)
    const read = await app.request(`/api/v2/partner/order/${order.id}`, { headers: { Key: apiKey, Cookie: me.cookie } })
    expect(read.status).toBe(200)
    const kept = (await read.json()) as { total_price: number; order_lines: { unit_price: number }[] }
    expect(kept.order_lines.map((l) => l.unit_price)).toEqual([placedAt])
    expect(kept.total_price).toBe(order.total_price)
  })

  it('stops listening when an instance closes, and the instance left serves the next change', async () => {
    await b.close()
    const price = ((await served(a)).prices[3] ?? 0) + 5
    await changeProduct(writer.db, 3, price, 'Ukukhawuleza emva kokuvala')
    await expect.poll(async () => (await served(a)).prices[3], { timeout: 5_000, interval: 100 }).toBe(price)
  })
})
