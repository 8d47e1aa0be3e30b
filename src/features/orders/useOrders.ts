import { useEffect } from 'react'
import { readCachedOrders, readLocalOrders } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { mergeOrders, findOrder, type OrderView } from './orderView.ts'
import { refreshOrder, refreshOrders } from '../../lib/orderRefresh.ts'

/** The customer's orders from the device (shown at once, offline too), refreshed from the server when online. */
export function useOrders(customerId: number): OrderView[] | undefined {
  useEffect(() => {
    void refreshOrders(customerId)
  }, [customerId])
  return useLiveRead(async (store) => mergeOrders(await readLocalOrders(customerId, store), await readCachedOrders(customerId, store)), [customerId])
}

/** One order by client or server id; `null` when the device does not know it (yet). */
export function useOrder(customerId: number, id: string): OrderView | null | undefined {
  useEffect(() => {
    // A client id (uuid) is not a server id: nothing to fetch until the server has answered.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(id)) void refreshOrder(customerId, id)
  }, [customerId, id])
  return useLiveRead(async (store) => findOrder(id, await readLocalOrders(customerId, store), await readCachedOrders(customerId, store)), [customerId, id])
}
