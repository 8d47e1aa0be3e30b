import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyCart } from '../../src/domain/cartState.ts'
import type { Fact } from '../../src/domain/events.ts'
import { cartFamily } from '../../src/domain/facts/cartFacts.ts'
import { commit, commitAll, DuplicateFactError, InvalidFactError } from '../../src/store/commit.ts'
import type { StoreDb } from '../../src/store/db.ts'
import { eraseProjection, projectionOf, type Projection } from '../../src/store/projection.ts'
import { registerProjection } from '../../src/store/projections.ts'
import { readCart } from '../../src/store/queries.ts'
import { added, fiveG, freshDb, line, lte, removed } from './fixtures.ts'

const cartProjection = projectionOf(cartFamily)

let store: StoreDb
beforeEach(async () => {
  store = await freshDb()
})
afterEach(async () => {
  await store.delete()
})

const failing: Projection<number> = {
  name: 'failing',
  version: 1,
  table: 'cart',
  initial: () => 0,
  apply: () => {
    throw new Error('projection bug')
  },
}

describe('commit', () => {
  it('appends the fact to the log and folds it into the cart projection', async () => {
    const fact = added('a', lte, 'fact-a')
    const row = await commit(fact, { db: store })
    expect(row).toEqual({ ...fact, seq: 1 })
    expect(await store.events.toArray()).toEqual([{ ...fact, seq: 1 }])
    expect(await store.cart.get('cart')).toEqual({
      name: 'cart',
      version: cartProjection.version,
      seq: 1,
      state: { order_lines: [line('a', lte)], total: 299 },
    })
  })

  it('keeps the log in order with increasing seq', async () => {
    await commit(added('a', lte), { db: store })
    await commit(added('b', fiveG), { db: store })
    await commit(removed('a'), { db: store })
    expect((await store.events.toArray()).map((e) => [e.seq, e.type])).toEqual([
      [1, 'v1.CartLineAdded'],
      [2, 'v1.CartLineAdded'],
      [3, 'v1.CartLineRemoved'],
    ])
    expect(await readCart(store)).toEqual({ order_lines: [line('b', fiveG)], total: 1299 })
  })

  it('rejects a duplicate fact id with DuplicateFactError and applies nothing', async () => {
    await commit(added('a', lte, 'same-id'), { db: store })
    const again = commit(added('b', fiveG, 'same-id'), { db: store })
    await expect(again).rejects.toBeInstanceOf(DuplicateFactError)
    await expect(again).rejects.toMatchObject({ factId: 'same-id' })
    expect(await store.events.count()).toBe(1)
    expect(await readCart(store)).toEqual({ order_lines: [line('a', lte)], total: 299 })
  })

  it('refuses a fact its definition does not allow before opening a transaction', async () => {
    const priceless = { ...added('a', lte, 'fact-bad'), payload: { line: { ...line('a'), unit_price: 'free' } } } as unknown as Fact
    const transaction = vi.spyOn(store, 'transaction')
    const attempt = commit(priceless, { db: store })
    await expect(attempt).rejects.toBeInstanceOf(InvalidFactError)
    await expect(attempt).rejects.toThrow(/fact-bad .*unit_price/s)
    expect(transaction).not.toHaveBeenCalled()
    expect(await store.events.count()).toBe(0)
  })

  it("refuses a fact filed in another stream than its definition's", async () => {
    await expect(commit({ ...added('a'), stream: 'orders' }, { db: store })).rejects.toBeInstanceOf(InvalidFactError)
  })

  it('writes none of several facts when one of them is invalid', async () => {
    const nameless = { ...removed('a'), payload: {} } as unknown as Fact
    await expect(commitAll([added('a'), nameless], { db: store })).rejects.toBeInstanceOf(InvalidFactError)
    expect(await store.events.count()).toBe(0)
    expect(await readCart(store)).toEqual(emptyCart())
  })

  it('rolls back the append when a projection throws', async () => {
    const attempt = commit(added('a'), { db: store, projections: [eraseProjection(cartProjection), eraseProjection(failing)] })
    await expect(attempt).rejects.toThrow('projection bug')
    expect(await store.events.count()).toBe(0)
    expect(await store.cart.count()).toBe(0)
    expect(await readCart(store)).toEqual(emptyCart())
  })

  it('keeps registered projections up to date until they are removed', async () => {
    const unregister = registerProjection(failing)
    await expect(commit(added('a'), { db: store })).rejects.toThrow('projection bug')
    unregister()
    await commit(added('b'), { db: store })
    expect((await readCart(store)).order_lines.map((l) => l.cart_id)).toEqual(['b'])
  })

  it('lets the log choose seq even when a stored row is committed', async () => {
    await commit(added('a'), { db: store })
    const storedRow = { ...added('b'), seq: 99 }
    const row = await commit(storedRow, { db: store })
    expect(row.seq).toBe(2)
  })

  it('rebuilds a projection row of an older version before folding the new fact', async () => {
    await commit(added('a'), { db: store })
    await store.cart.put({ name: 'cart', version: 0, seq: 1, state: { order_lines: [], total: -1 } })
    await commit(added('b'), { db: store })
    expect(await store.cart.get('cart')).toMatchObject({ version: cartProjection.version, seq: 2, state: { total: 598 } })
  })
})
