import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CreateOrderResult } from '../../src/api/orders.ts'
import type { CreateOrderRequest } from '../../src/domain/order.ts'
import { closeStore } from '../../src/store/db.ts'
import type { StoreDb } from '../../src/store/db.ts'
import { readCart, readLocalOrders } from '../../src/store/queries.ts'
import { commit } from '../../src/store/commit.ts'
import { orderOutbox } from '../../src/features/orders/orderOutbox.ts'
import { drainOutbox } from '../../src/outbox/sender.ts'
import { ORDER_CREATE } from '../../src/features/orders/orderRequest.ts'
import { settleRow } from '../../src/outbox/table.ts'
import { added, fact, freshStore } from './fixtures.ts'
import { placeQueuedOrder, serverOrder, uuid } from './orderFixtures.ts'

/** When the server answered (its Date header): the cached order is dated by it, not by the device. */
const answered = '2026-11-25T10:00:00.000Z'

/** The outbox sender over queued orders under `customerId`'s session, `send` standing in for the server. */
async function drainOrders(customerId: number, options: { send: (user: number, request: CreateOrderRequest) => Promise<CreateOrderResult>; force?: boolean }) {
  const { outcomes, wakeAt } = await drainOutbox([orderOutbox(options.send)], { signedIn: customerId, force: options.force ?? false })
  return { outcomes: outcomes[ORDER_CREATE], wakeAt }
}

let store: StoreDb
beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

describe('placing and sending orders', () => {
  it('commits the placed order and its outbox row together; the order shows as waiting', async () => {
    const id = await placeQueuedOrder(7)
    expect(await store.outbox.get(id)).toMatchObject({ status: 'pending', customerId: 7 })
    expect(await readLocalOrders(7)).toMatchObject([{ clientId: id, state: 'waiting', total: 299 }])
    expect(await readLocalOrders(8)).toEqual([])
  })

  it('leaves nothing behind when the order cannot be stored', async () => {
    const id = await placeQueuedOrder(7)
    await expect(placeQueuedOrder(7, id)).rejects.toThrow()
    expect(await store.outbox.count()).toBe(1)
    expect(await store.events.where('type').equals('v1.OrderPlaced').count()).toBe(1)
  })

  it('an answer acknowledges the row and gives the order its server number, in the same key', async () => {
    const id = await placeQueuedOrder(7)
    const keys: string[] = []
    const send = async (_user: number, request: { order: { id: string } }): Promise<CreateOrderResult> => {
      keys.push(request.order.id)
      return { kind: 'created', order: serverOrder(41), fetchedAt: answered }
    }
    const { outcomes } = await drainOrders(7, { send })
    expect(keys).toEqual([id])
    expect(outcomes).toMatchObject([{ clientId: id, kind: 'sent' }])
    expect(await store.outbox.get(id)).toMatchObject({ status: 'acknowledged', attempts: 1 })
    expect(await readLocalOrders(7)).toMatchObject([{ state: 'sent', server: { number: 'SO-000041' } }])
    expect(await store.orderCache.get('7:41')).toMatchObject({ fetchedAt: answered })
    expect((await drainOrders(7, { send, force: true })).outcomes).toEqual([])
  })

  it('no answer keeps it waiting to retry; a later drain sends it with the same key', async () => {
    const id = await placeQueuedOrder(7)
    const first = await drainOrders(7, { send: async () => ({ kind: 'no-answer', error: 'Failed to fetch' }) })
    expect(first.outcomes).toMatchObject([{ kind: 'waiting' }])
    expect(first.wakeAt).not.toBeNull()
    expect(await store.outbox.get(id)).toMatchObject({ status: 'retrying', lastError: 'Failed to fetch' })
    expect((await drainOrders(7, { send: async () => ({ kind: 'created', order: serverOrder(1), fetchedAt: answered }) })).outcomes).toEqual([])
    const again = await drainOrders(7, { force: true, send: async () => ({ kind: 'created', order: serverOrder(1), fetchedAt: answered }) })
    expect(again.outcomes).toMatchObject([{ clientId: id, kind: 'sent' }])
  })

  it('a 4xx answer rejects the order with the server text', async () => {
    const id = await placeQueuedOrder(7)
    const reason = 'LTE Uncapped 20Mbps is no longer available.'
    await drainOrders(7, { send: async () => ({ kind: 'refused', status: 422, error: reason, code: 'product_unavailable' }) })
    expect(await store.outbox.get(id)).toMatchObject({ status: 'rejected' })
    expect(await readLocalOrders(7)).toMatchObject([{ state: 'rejected', reason }])
  })

  it("keeps a rejected order rejected, with one fact, when a second sender's answer comes late", async () => {
    const id = await placeQueuedOrder(7)
    const reason = 'LTE Uncapped 20Mbps is no longer available.'
    await drainOrders(7, { send: async () => ({ kind: 'refused', status: 422, error: reason, code: 'product_unavailable' }) })
    // Without Web Locks two tabs may both have sent it: one more refusal, then no answer at all.
    await settleRow(id, { kind: 'answered', status: 422 }, { error: reason, fact: fact('v1.OrderRejected', { clientId: id, reason, status: 422 }, uuid()) })
    await settleRow(id, { kind: 'no-answer', error: 'Failed to fetch' })
    expect(await store.outbox.get(id)).toMatchObject({ status: 'rejected', lastError: reason, nextAttemptAt: null })
    expect(await store.events.where('type').equals('v1.OrderRejected').count()).toBe(1)
    expect((await drainOrders(7, { force: true, send: async () => ({ kind: 'created', order: serverOrder(3), fetchedAt: answered }) })).outcomes).toEqual([])
  })

  it("never sends another customer's queued order", async () => {
    await placeQueuedOrder(7)
    const sent: number[] = []
    await drainOrders(8, {
      send: async (user) => {
        sent.push(user)
        return { kind: 'created', order: serverOrder(2), fetchedAt: answered }
      },
    })
    expect(sent).toEqual([])
  })

  it('cart facts still fold while the orders projection is registered', async () => {
    await commit(added('x'))
    expect((await readCart()).order_lines).toHaveLength(1)
  })
})
