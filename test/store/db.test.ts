import { Dexie, liveQuery } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { closeStore, currentDb, openStore, storageStatus } from '../../src/store/db.ts'
import { commit, restoreCart } from '../../src/store/commit.ts'
import { readCart } from '../../src/store/queries.ts'
import { added, freshStore, line } from './fixtures.ts'

afterEach(() => closeStore({ delete: true }))

/** An IndexedDB that refuses to open, as Firefox's private windows used to. */
const refusingFactory = {
  open() {
    throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError')
  },
} as unknown as IDBFactory

describe('opening the store', () => {
  it('uses IndexedDB when it is there', async () => {
    const { db: opened, status } = await openStore({ name: `open-${Date.now()}` })
    expect(status).toEqual({ mode: 'persistent', reason: null, detail: null })
    expect(storageStatus().mode).toBe('persistent')
    expect(currentDb()).toBe(opened)
  })

  it('opens one database however often it is asked', async () => {
    const first = openStore({ name: `once-${Date.now()}` })
    const second = openStore({ name: 'ignored' })
    expect((await first).db).toBe((await second).db)
  })

  it('says the store is not open instead of guessing', () => {
    expect(currentDb()).toBeUndefined()
  })

  it('falls back to memory when the browser has no IndexedDB, and keeps working', async () => {
    const { status } = await openStore({ name: `none-${Date.now()}`, indexedDB: null })
    expect(status).toEqual({ mode: 'memory', reason: 'unavailable', detail: 'IndexedDB is not available in this browser.' })
    expect(storageStatus().mode).toBe('memory')
    await commit(added('a'))
    expect(await restoreCart()).toEqual({ order_lines: [line('a')], total: 299 })
  })

  it("falls back to memory when IndexedDB refuses to open, keeping the browser's reason", async () => {
    const { status, db: memory } = await openStore({ name: `refused-${Date.now()}`, indexedDB: refusingFactory })
    expect(status.mode).toBe('memory')
    expect(status.reason).toBe('unavailable')
    expect(status.detail).toContain('InvalidStateError')
    await commit(added('a'))
    expect(await memory.events.count()).toBe(1)
  })

  it('keeps the in-memory database apart from the persistent one of the same name', async () => {
    const name = `apart-${Date.now()}`
    await openStore({ name, indexedDB: null })
    await commit(added('a'))
    await closeStore()
    const persistent = await openStore({ name })
    expect(await persistent.db.events.count()).toBe(0)
  })
})

describe('reading before the store is open', () => {
  it('waits for the store and keeps a live query live', async () => {
    const seen: number[] = []
    const subscription = liveQuery(() => readCart()).subscribe((cart) => seen.push(cart.order_lines.length))
    await freshStore()
    await commit(added('a'))
    await expect.poll(() => seen.at(-1)).toBe(1)
    subscription.unsubscribe()
  })
})

describe('a second database instance', () => {
  it('sees what the first committed, as another tab would', async () => {
    const first = await freshStore()
    await commit(added('a'))
    const second = new Dexie(first.name)
    await second.open()
    expect(await second.table('events').count()).toBe(1)
    second.close()
  })
})
