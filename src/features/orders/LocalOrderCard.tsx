import { Trans, useLingui } from '@lingui/react/macro'
import { formatRand } from '../../domain/money.ts'
import { ButtonLink } from '../../ui/Button.tsx'
import { Card } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import type { OrderView } from './orderView.ts'
import { PutBackInCart } from './PutBackInCart.tsx'
import { rejectionText } from './rejection.ts'
import { StatusBadge } from './StatusBadge.tsx'

const Box = styled(Card)`
  margin-bottom: 16px;
  ul { margin: 8px 0; padding: 0; list-style: none; }
  li { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; border-bottom: 1px solid ${theme.color.border}; }
  .total { display: flex; justify-content: space-between; font-weight: 800; font-size: 18px; margin: 8px 0; }
  .reason { color: ${theme.color.error}; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
`

/** An order the server has not accepted (yet): its status, lines and total, and for a refused one the way back. */
export function LocalOrderCard({ order }: { order: OrderView }) {
  const { t, i18n } = useLingui()
  return (
    <Box aria-label={order.look === 'waiting' ? t`Order waiting to be sent` : t`Order not accepted`}>
      <StatusBadge order={order} />
      {order.local?.reason && <p className="reason">{rejectionText(i18n, order.local.reason)}</p>}
      <ul>
        {order.lines.map((line) => (
          <li key={line.number}>
            <span>{line.name}</span>
            <span>{formatRand(line.unit_price, i18n.locale)}</span>
          </li>
        ))}
      </ul>
      <p className="total">
        <span>
          <Trans>Total</Trans>
        </span>
        <span>{formatRand(order.total, i18n.locale)}</span>
      </p>
      <div className="actions">
        <ButtonLink to="/orders/$id" params={{ id: order.id }} $variant="secondary">
          <Trans>View Order</Trans>
        </ButtonLink>
        {order.look === 'rejected' && order.local && <PutBackInCart order={order.local} />}
      </div>
    </Box>
  )
}
