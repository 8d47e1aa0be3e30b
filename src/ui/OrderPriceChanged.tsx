import { Trans, useLingui } from '@lingui/react/macro'
import type { PriceChange } from '../domain/cartPrices.ts'
import { formatRand } from '../domain/money.ts'
import { Notice } from './Notice.ts'

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
