import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtCatalogue, catalogueBytes, reloadCatalogue } from '../../../server/catalogue/catalogueBytes.ts'
import type { Queryable } from '../../../server/db/types.ts'
import { seed } from '../../../server/seed/seed.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

/** The database, with each catalogue read held until the test lets it go (or fails it). */
function heldReads(db: Queryable) {
  const waiting: { go: () => void; fail: (error: Error) => void }[] = []
  const reads: Queryable = {
    exec: (sql) => db.exec(sql),
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      await new Promise<void>((go, fail) => waiting.push({ go, fail }))
      return db.query<T>(sql, params)
    },
  }
  const next = async () => {
    await expect.poll(() => waiting.length).toBeGreaterThan(0)
    return waiting.shift()!
  }
  return { reads, next }
}

const priceOf = (body: string | undefined, id: number) =>
  (JSON.parse(body ?? '{}') as { products: { id: number; unit_price: number }[] }).products.find((p) => p.id === id)?.unit_price

describe('reloading the catalogue in memory', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
  }, startupTimeout)
  afterAll(() => t.drop())

  it('serves the previous catalogue until the new one is whole, then only the new one, under a new ETag', async () => {
    const { reads, next } = heldReads(t.db)
    expect(await reloadCatalogue(reads)).toBeUndefined()
    const first = catalogueBytes(reads)
    ;(await next()).go()
    const before = await first
    await t.db.query('update products set unit_price = 111 where id = 1')
    const reloading = reloadCatalogue(reads)
    const read = await next()
    // While the new catalogue is being read, every reader gets the previous one, whole.
    expect(builtCatalogue(reads)).toBe(before)
    expect(await catalogueBytes(reads)).toBe(before)
    read.go()
    const after = await reloading
    expect(builtCatalogue(reads)).toBe(after)
    expect(after?.etag).not.toBe(before.etag)
    expect(priceOf(after?.body, 1)).toBe(111)
  })

  it('keeps the newer of two reloads when the older one ends last', async () => {
    const { reads, next } = heldReads(t.db)
    const first = catalogueBytes(reads)
    ;(await next()).go()
    await first
    await t.db.query('update products set unit_price = 222 where id = 1')
    const older = reloadCatalogue(reads)
    const olderRead = await next()
    await t.db.query('update products set unit_price = 333 where id = 1')
    const newer = reloadCatalogue(reads)
    ;(await next()).go()
    await newer
    expect(priceOf(builtCatalogue(reads)?.body, 1)).toBe(333)
    // The older reload reads the database only now, and finds another price: the newer build stays served.
    await t.db.query('update products set unit_price = 222 where id = 1')
    olderRead.go()
    expect(priceOf((await older)?.body, 1)).toBe(333)
    expect(priceOf(builtCatalogue(reads)?.body, 1)).toBe(333)
  })

  it('keeps serving the previous catalogue when a reload fails', async () => {
    const { reads, next } = heldReads(t.db)
    const first = catalogueBytes(reads)
    ;(await next()).go()
    const before = await first
    const reloading = reloadCatalogue(reads)
    ;(await next()).fail(new Error('the database went away'))
    await expect(reloading).rejects.toThrow('the database went away')
    expect(builtCatalogue(reads)).toBe(before)
  })
})
