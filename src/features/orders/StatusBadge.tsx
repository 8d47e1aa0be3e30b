import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '../../ui/Badge.tsx'
import type { OrderView } from './orderView.ts'
import { statusText } from '../../lib/statusText.ts'

/** The order's status in its look; local states read as sentences. */
export function StatusBadge({ order }: { order: OrderView }) {
  const { i18n } = useLingui()
  return (
    <Badge $look={order.look} data-look={order.look}>
      {order.look === 'waiting' ? (
        <Trans>Waiting for connection - it will be sent automatically</Trans>
      ) : order.look === 'rejected' ? (
        <Trans>Rejected</Trans>
      ) : (
        statusText(i18n, order.status)
      )}
    </Badge>
  )
}
