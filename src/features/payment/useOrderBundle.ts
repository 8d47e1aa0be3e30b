import type { OrderBundle } from '../../domain/bundle.ts'
import { readCachedOrders } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'

/** The bundle an order buys (ADD VAS), from the device's copy of the order: null for any other order or one not kept here. */
export async function orderBundle(customerId: number, orderId: string, read = readCachedOrders): Promise<OrderBundle | null> {
  return (await read(customerId)).find((order) => String(order.id) === orderId)?.bundle ?? null
}

/** orderBundle, followed live: the payment pages lead back to the SIM instead of the order when it buys a bundle. */
export function useOrderBundle(customerId: number, orderId: string | null): OrderBundle | null | undefined {
  return useLiveRead(async (store) => (orderId === null ? null : orderBundle(customerId, orderId, (id) => readCachedOrders(id, store))), [customerId, orderId])
}
