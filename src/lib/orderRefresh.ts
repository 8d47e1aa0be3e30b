import { i18n } from '@lingui/core'
import { fetchOrder, fetchOrders } from '../api/orders.ts'
import { ApiError } from '../api/client.ts'
import type { Order } from '../domain/order.ts'
import { saveOrder, saveOrders } from '../store/orderCache.ts'
import { toast } from './toaster.ts'
import { translateMessage } from './validationMessages.ts'

/** Only a server's own refusal is news to the customer; no connection just means "showing the cache". */
function report(error: unknown): void {
  if (error instanceof ApiError && error.status !== undefined && navigator.onLine) toast.error(translateMessage(i18n, error.message), 3000)
}

/** Refreshes the cached order list from the server; the cache stays as it was when that fails. */
export async function refreshOrders(customerId: number): Promise<void> {
  try {
    const { body, fetchedAt } = await fetchOrders(customerId)
    await saveOrders(customerId, body, fetchedAt)
  } catch (error) {
    report(error)
  }
}

/** Refreshes one order into the cache; resolves with it, or null when it could not be fetched. */
export async function refreshOrder(customerId: number, orderId: string): Promise<Order | null> {
  try {
    const { body: order, fetchedAt } = await fetchOrder(orderId)
    await saveOrder(customerId, order, fetchedAt)
    return order
  } catch (error) {
    report(error)
    return null
  }
}
