import type { PriceChange } from '../../domain/cartPrices.ts'
import { orderedPriceChange } from '../../domain/orderedPrice.ts'
import { readLocalOrders } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'

/** The change between what this device ordered at and the order's `total` (by server id), followed live; null when none is known. */
export function useOrderedPriceChange(customerId: number, orderId: string, total: number | undefined): PriceChange | null {
  return (
    useLiveRead(
      async (store) => {
        if (total === undefined) return null
        const local = (await readLocalOrders(customerId, store)).find((o) => o.server !== null && String(o.server.id) === orderId) ?? null
        return orderedPriceChange(local, total)
      },
      [customerId, orderId, total],
    ) ?? null
  )
}
