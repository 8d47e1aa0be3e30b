import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveCatalogue } from '../../src/store/catalogueCache.ts'
import type { StoreDb } from '../../src/store/db.ts'
import { readCatalogue, readCatalogueFetchedAt } from '../../src/store/queries.ts'
import { fiveG, freshDb, lte } from './fixtures.ts'

let store: StoreDb
beforeEach(async () => {
  store = await freshDb()
})
afterEach(async () => {
  await store.delete()
})

describe('the catalogue read model', () => {
  it('is empty, with no fetch time, before the first fetch', async () => {
    expect(await readCatalogue(store)).toEqual([])
    expect(await readCatalogueFetchedAt(store)).toBeNull()
  })

  it("keeps the server's order rather than the id order", async () => {
    await saveCatalogue([fiveG, lte], '2025-03-01T08:00:00.000Z', store)
    expect(await readCatalogue(store)).toEqual([fiveG, lte])
    expect(await readCatalogueFetchedAt(store)).toBe('2025-03-01T08:00:00.000Z')
  })

  it('replaces the whole catalogue, dropping products the server no longer lists', async () => {
    await saveCatalogue([lte, fiveG], '2025-03-01T08:00:00.000Z', store)
    const repriced = { ...fiveG, unit_price: 999 }
    await saveCatalogue([repriced], '2025-03-02T08:00:00.000Z', store)
    expect(await readCatalogue(store)).toEqual([repriced])
    expect(await readCatalogueFetchedAt(store)).toBe('2025-03-02T08:00:00.000Z')
  })

  it('is not part of the event log', async () => {
    await saveCatalogue([lte], '2025-03-01T08:00:00.000Z', store)
    expect(await store.events.count()).toBe(0)
  })
})
