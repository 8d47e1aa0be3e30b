import type { Order } from '../domain/order.ts'
import { openStore, type StoreDb } from './db.ts'

/** Replaces a customer's cached server orders at once, so a reader never sees half an old list; `fetchedAt` is the answer's time. */
export async function saveOrders(customerId: number, orders: readonly Order[], fetchedAt: string, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.transaction('rw', store.orderCache, async () => {
    await store.orderCache.where('customerId').equals(customerId).delete()
    await store.orderCache.bulkPut(orders.map((order, position) => ({ key: `${customerId}:${order.id}`, customerId, position, order, fetchedAt })))
  })
}

/** Adds or refreshes one fetched order without touching the rest of the list; `fetchedAt` is the answer's time. */
export async function saveOrder(customerId: number, order: Order, fetchedAt: string, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  const key = `${customerId}:${order.id}`
  const existing = await store.orderCache.get(key)
  await store.orderCache.put({ key, customerId, position: existing?.position ?? -1, order, fetchedAt })
}

/** Logout: server orders cached for the customer leave the device (a shared phone shows no one else's). */
export async function forgetCachedOrders(given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.orderCache.clear()
}
