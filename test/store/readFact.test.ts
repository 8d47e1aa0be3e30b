import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { commit, restoreCart, restoreProjection } from '../../src/store/commit.ts'
import type { EventRow, StoreDb } from '../../src/store/db.ts'
import { orderFamily } from '../../src/domain/facts/orderFacts.ts'
import { eraseProjection, projectionOf } from '../../src/store/projection.ts'
import { readCart, readChosenLanguage, readLocalOrders } from '../../src/store/queries.ts'
import { toCreateOrderRequest } from '../../src/features/orders/orderRequest.ts'
import { added, fact, freshDb, line } from './fixtures.ts'

const orderProjection = projectionOf(orderFamily)

let store: StoreDb
beforeEach(async () => {
  store = await freshDb()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(async () => {
  vi.restoreAllMocks()
  await store.delete()
})

/** Rows put in the log as another build, or a damaged disk, left them: without commit(). */
async function logRows(...rows: object[]): Promise<void> {
  await store.events.bulkAdd(rows as EventRow[])
}

// Reported through the app's error handler, which warns.
const skipped = (seq: number) =>
  vi.mocked(console.warn).mock.calls.filter(([message]) => String(message).startsWith(`[event log] Skipped the fact at seq ${seq}:`))

describe('reading the log back', () => {
  it('restores the cart from the facts it can read, skipping and reporting the rows that are not facts', async () => {
    const good = added('a')
    await logRows(
      good,
      { ...added('b'), payload: { line: { ...line('b'), unit_price: 'free' } } },
      { ...added('c'), type: 'v2.CartLineAdded', v: 2 },
      { ...added('d'), stream: 'orders' },
      { ...added('e'), payload: null },
      added('f'),
    )
    const cart = await restoreCart({ db: store })
    expect(cart.order_lines.map((l) => l.cart_id)).toEqual(['a', 'f'])
    expect(await store.cart.get('cart')).toMatchObject({ seq: 6, state: cart })
    for (const seq of [2, 3, 4, 5]) expect(skipped(seq)).toHaveLength(1)
    expect(skipped(1)).toEqual([])
    expect(skipped(2)[0]?.[0]).toMatch(/unit_price/)
  })

  it('folds a new fact onto a projection rebuilt past a row it could not read', async () => {
    await logRows(added('a'), { ...added('b'), payload: { line: 'b' } })
    await commit(added('c'), { db: store })
    expect((await readCart(store)).order_lines.map((l) => l.cart_id)).toEqual(['a', 'c'])
  })

  it('never folds an order answer it cannot read into the orders on this device', async () => {
    const clientId = '0b9f7c1e-2c4a-4a51-9a8e-3b1f7d2e6c10'
    const address = { street_number: '1', street_name: 'Main Road', city: 'Durban', province: 'KwaZulu-Natal', postal_code: '4001' }
    const order = toCreateOrderRequest(clientId, { order_lines: [line('a')], total: 299 }, address).order
    await logRows(fact('v1.OrderPlaced', { order, customerId: 3 }, clientId), {
      ...fact('v1.OrderRejected', { clientId, reason: 'gone', status: 422 }),
      payload: { clientId, reason: 422 },
    })
    await restoreProjection(store, eraseProjection(orderProjection))
    expect(await readLocalOrders(3, store)).toMatchObject([{ clientId, state: 'waiting', reason: null }])
  })

  it('knows no language choice when the latest one is not a language this build speaks', async () => {
    await logRows(fact('v1.LanguageChosen', { language: 'af' }), { ...fact('v1.LanguageChosen', { language: 'af' }), payload: { language: 'zu' } })
    expect(await readChosenLanguage(store)).toBeNull()
    expect(skipped(2)).toHaveLength(1)
  })
})
