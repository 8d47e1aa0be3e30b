import { Trans, useLingui } from '@lingui/react/macro'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import type { OrderView } from './orderView.ts'
import { statusText } from './statusText.ts'

// Colours per look of spec §4 (AA contrast on their tints).
const looks: Record<OrderView['look'], string> = {
  initial: `background:#fff4d6;color:#6b4e00;border-color:#e0b000;`,
  cancelled: `background:#fde8e6;color:${theme.color.error};border-color:${theme.color.error};`,
  approved: `background:#e3f4e8;color:${theme.color.success};border-color:${theme.color.success};`,
  waiting: `background:#e6eefa;color:${theme.color.brandDark};border-color:${theme.color.brand};`,
  rejected: `background:#fde8e6;color:${theme.color.error};border-color:${theme.color.error};`,
}

/** The pill every status wears (orders, services), coloured by look. */
export const Badge = styled('span')<{ $look: OrderView['look'] }>`
  display: inline-block; padding: 2px 10px; border: 1px solid; border-radius: 999px; font-size: 14px; font-weight: 600;
  white-space: normal; ${(p) => looks[p.$look]}
`

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
