import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveCatalogue } from '../../src/store/catalogueCache.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { followRead } from '../../src/store/followRead.ts'
import { readCatalogue } from '../../src/store/queries.ts'
import { fiveG, freshStore, lte } from './fixtures.ts'

let store: StoreDb
beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

/** The answers a follower got, and a way to wait for the next one. */
function recorder<T>() {
  const seen: T[] = []
  let waiting: Array<() => void> = []
  return {
    seen,
    onChange: (value: T) => {
      seen.push(value)
      for (const wake of waiting) wake()
      waiting = []
    },
    next: () => new Promise<void>((wake) => waiting.push(wake)),
  }
}

describe('following a read of the store', () => {
  it('answers once the store is open, then again after each change to what it read', async () => {
    const names = recorder<string[]>()
    const first = names.next()
    const stop = followRead(async (s) => (await readCatalogue(s)).map((p) => p.name), names.onChange)
    await first
    expect(names.seen).toEqual([[]])
    const second = names.next()
    await saveCatalogue([lte, fiveG], '2025-03-01T08:00:00.000Z', store)
    await second
    expect(names.seen.at(-1)).toEqual([lte.name, fiveG.name])
    stop()
  })

  it('says nothing more once stopped', async () => {
    const names = recorder<number>()
    const first = names.next()
    const stop = followRead(async (s) => (await readCatalogue(s)).length, names.onChange)
    await first
    stop()
    await saveCatalogue([lte], '2025-03-01T08:00:00.000Z', store)
    await new Promise((done) => setTimeout(done, 50))
    expect(names.seen).toEqual([0])
  })
})
