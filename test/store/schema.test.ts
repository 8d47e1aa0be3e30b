import { Dexie } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { commit } from '../../src/store/commit.ts'
import { closeStore, openStore, StoreDb, storeTables, storeVersions } from '../../src/store/db.ts'
import { registeredProjections } from '../../src/store/projections.ts'
import { readCart, readCatalogue, readKnownCustomer } from '../../src/store/queries.ts'
import { customer } from '../machines/authHarness.ts'
import { added, fact, line, lte } from './fixtures.ts'

afterEach(() => closeStore({ delete: true }))

/** The versions devices already hold, as released: a version's tables never change once a device may have opened it. */
const released: [number, Record<string, string>][] = [
  [
    1,
    {
      events: '++seq, &id, type, stream, occurredAt',
      snapshots: 'name',
      cart: 'name',
      catalogue: 'id, position',
      catalogueMeta: 'key',
      outbox: '&id, status, createdAt',
    },
  ],
  [2, { customer: 'name' }],
  [3, { orders: 'name', orderCache: 'key, customerId' }],
  [4, { payments: 'name' }],
  [5, { portalCache: 'key, customerId' }],
  [6, { account: 'name' }],
  [7, { simNames: 'name' }],
]

const sorted = (versions: [number, Record<string, string>][]) => versions.map(([v, stores]) => [v, Object.fromEntries(Object.entries(stores).toSorted())])

describe("the device's database", () => {
  it('adds each table in the version it was released in, and changes no released version', () => {
    expect(sorted(storeVersions())).toEqual(sorted(released))
  })

  it("declares a projection's table from its family, in the version the family names", () => {
    const withNotes = storeVersions({ ...storeTables, notes: { since: 8, indexes: 'name', erasure: 'projection' } })
    expect(withNotes.at(-1)).toEqual([8, { notes: 'name' }])
    for (const projection of registeredProjections()) expect(storeTables[projection.table]?.erasure, projection.name).toBe('projection')
  })

  it("says of every table what erasing a customer does to it, and only the catalogue holds nobody's data", () => {
    const db = new StoreDb(`tables-${Date.now()}`)
    expect(db.tables.map((table) => table.name).toSorted()).toEqual(Object.keys(storeTables).toSorted())
    const nobodys = Object.entries(storeTables).flatMap(([name, table]) => (table.erasure === 'holds no customer data' ? [name] : []))
    expect(nobodys).toEqual(['catalogue', 'catalogueMeta'])
  })

  it('opens a database a device filled under the released versions, with its data intact', async () => {
    const name = `released-${Date.now()}`
    const old = new Dexie(name)
    for (const [version, stores] of released) old.version(version).stores(stores)
    await old.open()
    const signedIn = fact('v1.CustomerSignedIn', { user: customer({ id: 5 }) })
    await old.table('events').add(signedIn)
    await old.table('customer').put({ name: 'customer', version: 1, seq: 1, state: { customer: customer({ id: 5 }) } })
    await old.table('cart').put({ name: 'cart', version: 1, seq: 0, state: { order_lines: [line('kept')], total: 299 } })
    await old.table('catalogue').put({ ...lte, position: 0 })
    old.close()

    const { db } = await openStore({ name })
    expect(db.verno).toBe(7)
    expect(await readKnownCustomer()).toMatchObject({ id: 5 })
    expect(await readCatalogue()).toEqual([lte])
    expect((await readCart()).order_lines.map((l) => l.cart_id)).toEqual(['kept'])
    await commit(added('more'))
    expect(await db.events.count()).toBe(2)
  })
})
