import { Trans, useLingui } from '@lingui/react/macro'
import type { PriceChange } from '../../domain/cartPrices.ts'
import { formatRand } from '../../domain/money.ts'
import { readLocalOrders } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { Notice } from '../../ui/Notice.ts'
import { orderedPriceChange } from './orderView.ts'

/**
 * Said on an unpaid order whose total is not what this device ordered at (a queued order sent after a price change):
 * what it was, what it is now, and that nothing has been paid.
 */
export function OrderPriceChanged({ change }: { change: PriceChange }) {
  const { i18n } = useLingui()
  const was = formatRand(change.was, i18n.locale)
  const now = formatRand(change.now, i18n.locale)
  return (
    <Notice $tone="info" role="status">
      <Trans>
        The price changed after you ordered: {was} then, {now} now. Nothing has been paid; pay the new total only if you still want the order.
      </Trans>
    </Notice>
  )
}

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
