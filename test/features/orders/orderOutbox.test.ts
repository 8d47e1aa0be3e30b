import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { orderOutbox } from '../../../src/features/orders/orderOutbox.ts'
import { ORDER_CREATE } from '../../../src/features/orders/orderRequest.ts'
import { findOrder } from '../../../src/features/orders/orderView.ts'
import { drainOutbox } from '../../../src/outbox/sender.ts'
import { closeStore } from '../../../src/store/db.ts'
import { readCachedOrders, readLocalOrders } from '../../../src/store/queries.ts'
import { freshStore } from '../../store/fixtures.ts'
import { placeQueuedOrder, serverOrder } from '../../store/orderFixtures.ts'

beforeEach(async () => {
  await freshStore()
})
afterEach(() => closeStore({ delete: true }))

/** Drains one queued order (ordered at R299 on the device) against a server that places it at `total`. */
async function sendAt(total: number) {
  const clientId = await placeQueuedOrder(7)
  const kind = orderOutbox(async () => ({ kind: 'created', order: { ...serverOrder(41), total_price: total }, fetchedAt: new Date().toISOString() }))
  const { outcomes } = await drainOutbox([kind], { signedIn: 7 })
  return { clientId, outcome: outcomes[ORDER_CREATE]?.[0] }
}

describe('a queued order placed at another price than the device ordered at', () => {
  it('is reported with the total ordered and the total placed, and its order says so until paid', async () => {
    const { clientId, outcome } = await sendAt(279)
    expect(outcome).toMatchObject({ kind: 'sent', priceChange: { was: 299, now: 279 } })
    const view = findOrder('41', await readLocalOrders(7), await readCachedOrders(7))
    expect(view?.priceChange).toEqual({ was: 299, now: 279 })
    expect(findOrder(clientId, await readLocalOrders(7), await readCachedOrders(7))?.priceChange).toEqual({ was: 299, now: 279 })
  })

  it('says nothing when the server placed it at the price ordered', async () => {
    const { outcome } = await sendAt(299)
    expect(outcome).toMatchObject({ kind: 'sent', priceChange: null })
    expect(findOrder('41', await readLocalOrders(7), await readCachedOrders(7))?.priceChange).toBeNull()
  })
})
