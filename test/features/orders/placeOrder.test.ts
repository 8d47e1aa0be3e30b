import { afterEach, describe, expect, it, vi } from 'vitest'
import { placeOrder } from '../../../src/features/orders/placeOrder.ts'
import { commit } from '../../../src/store/commit.ts'
import { closeStore } from '../../../src/store/db.ts'
import { openRows } from '../../../src/outbox/table.ts'
import { readCart, readLocalOrders } from '../../../src/store/queries.ts'
import { ORDER_CREATE } from '../../../src/features/orders/orderRequest.ts'
import { added, fiveG, freshStore, lte } from '../../store/fixtures.ts'

const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001', gps_coordinates: null }

afterEach(async () => {
  vi.restoreAllMocks()
  await closeStore({ delete: true })
})

async function cartOfTwo() {
  await freshStore()
  await commit(added('a', lte))
  await commit(added('b', fiveG))
  return readCart()
}

describe('placing an order on the device', () => {
  it('records the order, empties the cart and queues the send in one transaction', async () => {
    const cart = await cartOfTwo()
    const clientId = await placeOrder(7, cart, address)
    expect(await readCart()).toEqual({ order_lines: [], total: 0 })
    expect((await openRows(ORDER_CREATE)).map((row) => row.id)).toEqual([clientId])
    const [order] = await readLocalOrders(7)
    expect(order?.clientId).toBe(clientId)
    expect(order?.lines.map((l) => l.name)).toEqual([lte.name, fiveG.name])
  })

  it('keeps the cart and queues nothing when the transaction fails part way', async () => {
    const store = await freshStore()
    await commit(added('a', lte))
    const cart = await readCart()
    // The outbox refuses the row: the order and the emptied cart must not land without it.
    vi.spyOn(store.outbox, 'add').mockRejectedValue(new Error('QuotaExceededError'))
    await expect(placeOrder(7, cart, address)).rejects.toThrow()
    vi.restoreAllMocks()
    expect(await readCart()).toEqual(cart)
    expect(await openRows(ORDER_CREATE)).toEqual([])
    expect(await readLocalOrders(7)).toEqual([])
  })
})
