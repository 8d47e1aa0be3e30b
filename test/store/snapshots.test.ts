import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyCart } from '../../src/domain/cartState.ts'
import type { CartFact, Fact } from '../../src/domain/events.ts'
import { cartFacts, coldStart, replayCart, seedLog } from '../bench/storeWorkload.ts'
import { cartFamily } from '../../src/domain/facts/cartFacts.ts'
import { commit, restoreCart } from '../../src/store/commit.ts'
import type { StoreDb } from '../../src/store/db.ts'
import { eraseProjection, projectionOf } from '../../src/store/projection.ts'
import { rebuild, SNAPSHOT_EVERY } from '../../src/store/snapshots.ts'
import { added, fiveG, freshDb, line } from './fixtures.ts'

const cartProjection = projectionOf(cartFamily)

let store: StoreDb
beforeEach(async () => {
  store = await freshDb()
})
afterEach(async () => {
  await store.delete()
})

async function commitAll(facts: Fact<CartFact>[], snapshotEvery?: number) {
  for (const fact of facts) await commit(fact, snapshotEvery === undefined ? { db: store } : { db: store, snapshotEvery })
}

describe('cart snapshots', () => {
  it('takes a snapshot every 50 facts by default', async () => {
    expect(SNAPSHOT_EVERY).toBe(50)
    const facts = cartFacts(49)
    await commitAll(facts)
    expect(await store.snapshots.get('cart')).toBeUndefined()
    await commitAll(cartFacts(1, 49))
    expect(await store.snapshots.get('cart')).toEqual({
      name: 'cart',
      version: cartProjection.version,
      seq: 50,
      state: replayCart(cartFacts(50)),
    })
  })

  it('renews the snapshot once another N facts follow it', async () => {
    await commitAll(cartFacts(12), 5)
    expect((await store.snapshots.get('cart'))?.seq).toBe(10)
  })

  it('restores the same cart from snapshot plus tail as a full replay', async () => {
    const facts = cartFacts(57)
    await commitAll(facts, 10)
    expect((await store.snapshots.get('cart'))?.seq).toBe(50)
    const restored = await restoreCart({ db: store, snapshotEvery: 10 })
    expect(restored).toEqual(replayCart(facts))
    expect(restored.order_lines.length).toBeGreaterThan(10)
  })

  it('starts from the snapshot and folds only the facts after it', async () => {
    await commitAll([added('a'), added('b')])
    // A snapshot that disagrees with the log shows which one the restore used.
    await store.snapshots.put({ name: 'cart', version: cartProjection.version, seq: 1, state: { order_lines: [line('s', fiveG)], total: 1299 } })
    const restored = await restoreCart({ db: store })
    expect(restored.order_lines.map((l) => l.cart_id)).toEqual(['s', 'b'])
  })

  it('ignores a snapshot of an older projection version, rebuilds from the log and snapshots again', async () => {
    await commitAll([added('a'), added('b')])
    await store.snapshots.put({ name: 'cart', version: cartProjection.version - 1, seq: 1, state: { order_lines: [], total: 12345 } })
    const restored = await restoreCart({ db: store })
    expect(restored).toEqual({ order_lines: [line('a'), line('b')], total: 598 })
    expect(await store.snapshots.get('cart')).toEqual({ name: 'cart', version: cartProjection.version, seq: 2, state: restored })
  })

  it('writes the restored cart into the projection row when that row is stale', async () => {
    await commitAll([added('a')])
    await store.cart.put({ name: 'cart', version: cartProjection.version - 1, seq: 1, state: emptyCart() })
    await restoreCart({ db: store })
    expect(await store.cart.get('cart')).toMatchObject({ version: cartProjection.version, seq: 1, state: { total: 299 } })
  })

  it('restores an empty cart from an empty log', async () => {
    expect(await restoreCart({ db: store })).toEqual(emptyCart())
    expect(await store.snapshots.count()).toBe(0)
  })

  it('reads the same 100-fact tail whether the log holds 500 or 3,000 facts', async () => {
    const other = await freshDb()
    try {
      await seedLog(store, 500, 100)
      await seedLog(other, 3_000, 100)
      const cart = eraseProjection(cartProjection)
      const small = await store.transaction('r', [store.events, store.snapshots], () => rebuild(store, cart))
      const large = await other.transaction('r', [other.events, other.snapshots], () => rebuild(other, cart))
      expect([small.tail, small.fromSnapshot, large.tail, large.fromSnapshot]).toEqual([100, true, 100, true])
      expect(await coldStart(other)).toEqual(replayCart(cartFacts(3_000)))
    } finally {
      await other.delete()
    }
  })
})

describe('the benchmark workload', () => {
  it('keeps the cart the size of a real one however long the history', () => {
    const sizes = [100, 1_050, 10_000].map((n) => replayCart(cartFacts(n)).order_lines.length)
    expect(sizes).toEqual([0, 10, 0])
    expect(Math.max(...Array.from({ length: 100 }, (_, n) => replayCart(cartFacts(n)).order_lines.length))).toBeLessThanOrEqual(25)
  })
})
