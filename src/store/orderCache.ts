import type { Order } from '../domain/order.ts'
import { openStore, type StoreDb } from './db.ts'

/** Replaces a customer's cached server orders at once, so a reader never sees half an old list. */
export async function saveOrders(customerId: number, orders: readonly Order[], given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  const fetchedAt = new Date().toISOString()
  await store.transaction('rw', store.orderCache, async () => {
    await store.orderCache.where('customerId').equals(customerId).delete()
    await store.orderCache.bulkPut(orders.map((order, position) => ({ key: `${customerId}:${order.id}`, customerId, position, order, fetchedAt })))
  })
}

/** Adds or refreshes one fetched order without touching the rest of the list. */
export async function saveOrder(customerId: number, order: Order, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  const key = `${customerId}:${order.id}`
  const existing = await store.orderCache.get(key)
  await store.orderCache.put({ key, customerId, position: existing?.position ?? -1, order, fetchedAt: new Date().toISOString() })
}

/** Logout: server orders cached for the customer leave the device (a shared phone shows no one else's). */
export async function forgetCachedOrders(given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.orderCache.clear()
}
