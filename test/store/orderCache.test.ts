import { describe, expect, it } from 'vitest'
import type { Order } from '../../src/domain/order.ts'
import { forgetCachedOrders, saveOrders } from '../../src/store/orderCache.ts'
import { readOrdersFetchedAt } from '../../src/store/queries.ts'
import { freshDb } from './fixtures.ts'

const order = (id: number): Order =>
  ({
    id,
    order_id: id,
    number: `SO-${String(id).padStart(6, '0')}`,
    order_number: `SO-${String(id).padStart(6, '0')}`,
    status: 'Payment not Completed',
    orderDate: '2026-11-22T10:00:00.000Z',
    order_date: '2026-11-22T10:00:00.000Z',
    total_price: 299,
    order_lines: [],
  }) as Order
const at = '2026-11-23T08:00:00.000Z'

describe('the cache of server orders', () => {
  it('replaces one customer’s list without touching another’s', async () => {
    const store = await freshDb()
    await saveOrders(1, [order(1), order(2)], at, store)
    await saveOrders(2, [order(3)], at, store)
    await saveOrders(1, [order(4)], at, store)
    const rows = await store.orderCache.orderBy('key').toArray()
    expect(rows.map((r) => `${r.customerId}:${r.order.id}`)).toEqual(['1:4', '2:3'])
  })

  it('remembers when the server answered with the list, for "Last updated" offline', async () => {
    const store = await freshDb()
    expect(await readOrdersFetchedAt(1, store)).toBeNull()
    await saveOrders(1, [order(1)], at, store)
    expect(await readOrdersFetchedAt(1, store)).toBe(at)
    expect(await readOrdersFetchedAt(2, store)).toBeNull()
  })

  it('leaves the device at logout', async () => {
    const store = await freshDb()
    await saveOrders(1, [order(1), order(2)], at, store)
    await forgetCachedOrders(store)
    expect(await store.orderCache.count()).toBe(0)
  })
})
