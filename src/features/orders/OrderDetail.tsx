import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../domain/dates.ts'
import { formatRand } from '../../domain/money.ts'
import { canPay } from '../../domain/order.ts'
import { OrderPriceChanged } from '../../ui/OrderPriceChanged.tsx'
import { ButtonLink } from '../../ui/Button.tsx'
import { Card } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { stackWhenNarrow } from '../../ui/labelValueRows.ts'
import { theme } from '../../ui/theme.ts'
import type { OrderView } from './orderView.ts'
import { PutBackInCart } from './PutBackInCart.tsx'
import { rejectionText } from './rejection.ts'
import { bundleTitle } from '../../domain/bundle.ts'
import { statusText } from '../../lib/statusText.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { Table } from '../../ui/Table.tsx'
import { SimLifeBadge } from '../../ui/SimLifeBadge.tsx'
import { refundReasonText } from './refundReason.ts'

const Facts = styled('dl')`
  /* Labels may wrap: a long translated label and status (isiXhosa "Ixabiso elipheleleyo", "Intlawulo ayigqitywanga") share 360 px. */
  display: grid; grid-template-columns: fit-content(50%) minmax(0, 1fr); gap: 8px 16px; margin: 0 0 16px; align-items: center;
  ${stackWhenNarrow}
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; }
  .total { font-size: 20px; font-weight: 800; }
`
const Sims = styled('section')`
  margin-top: 16px;
  h2 { font-size: 18px; margin: 0 0 8px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  li { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; border-bottom: 1px solid ${theme.color.border}; padding-bottom: 8px; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .since { color: ${theme.color.muted}; font-size: 14px; }
`
const Refunds = styled('section')`
  margin-top: 16px;
  h2 { font-size: 18px; margin: 0 0 8px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  li { display: flex; flex-wrap: wrap; gap: 4px 12px; border-bottom: 1px solid ${theme.color.border}; padding-bottom: 8px; }
  .amount { font-weight: 700; }
  .when { color: ${theme.color.muted}; font-size: 14px; }
`
const Actions = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px;
  .reason { flex-basis: 100%; color: ${theme.color.error}; font-weight: 600; margin: 0; }
`

/** /orders/{id}: number, date, status, total, the priced lines; paying only for a sent, unpaid order. */
export function OrderDetail({ order }: { order: OrderView }) {
  const { t, i18n } = useLingui()
  const priced = order.lines.filter((l) => l.unit_price > 0)
  const payable = order.local?.state !== 'waiting' && order.look !== 'rejected' && canPay(order.status)
  // Past "Payment not Completed" on the server, an order is paid: its tax invoice exists (the server checks again).
  const invoiced = order.number !== null && order.local?.state !== 'waiting' && order.look !== 'rejected' && !canPay(order.status)
  return (
    <Card aria-label={t`Order details`}>
      <Facts>
        <dt>
          <Trans>Order Number</Trans>
        </dt>
        <dd>{order.number ?? <Trans>Not assigned yet</Trans>}</dd>
        <dt>
          <Trans>Date</Trans>
        </dt>
        <dd>{formatDate(order.date, i18n.locale, 'short')}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <StatusBadge order={order} />
        </dd>
        <dt>
          <Trans>Total Price</Trans>
        </dt>
        <dd className="total">{formatRand(order.total, i18n.locale)}</dd>
      </Facts>
      {payable && order.priceChange && <OrderPriceChanged change={order.priceChange} />}
      <Table
        caption={t`Order lines`}
        rows={priced}
        rowKey={(line) => line.number}
        columns={[
          { header: t`Line`, cell: (line) => line.number },
          { header: t`Product`, cell: (line) => (order.bundle ? bundleTitle(order.bundle, i18n.locale) : line.name) },
          { header: t`Price`, cell: (line) => formatRand(line.unit_price, i18n.locale) },
          { header: t`Status`, cell: (line) => (line.status ? statusText(i18n, line.status) : '—') },
        ]}
      />
      {order.sims.length > 0 && (
        <Sims aria-labelledby="order-sims-title">
          <h2 id="order-sims-title">
            <Trans>Your SIMs from this order</Trans>
          </h2>
          <ul>
            {order.sims.map((sim) => {
              const since = formatDate(sim.life.since, i18n.locale, 'moment')
              return (
                <li key={sim.id}>
                  <span className="name">{sim.name}</span>
                  <SimLifeBadge state={sim.life.state} />
                  <span className="since">
                    <Trans>since {since}</Trans>
                  </span>
                  <ButtonLink to="/service/$id" params={{ id: String(sim.id) }} $variant="secondary" aria-label={t`View Service ${sim.name}`}>
                    <Trans>View Service</Trans>
                  </ButtonLink>
                </li>
              )
            })}
          </ul>
        </Sims>
      )}
      {order.refunds.length > 0 && (
        <Refunds aria-labelledby="order-refunds-title">
          <h2 id="order-refunds-title">
            <Trans>Refunds</Trans>
          </h2>
          <ul>
            {order.refunds.map((refund) => {
              const amount = formatRand(refund.amount, i18n.locale)
              const when = formatDate(refund.refundedAt, i18n.locale, 'long')
              const lineName = order.lines.find((l) => refund.orderLine !== undefined && l.number === String(refund.orderLine))?.name
              return (
                <li key={`${refund.refundedAt}-${refund.amount}`}>
                  <span className="amount">
                    <Trans>{amount} refunded</Trans>
                  </span>
                  <span>{refundReasonText(i18n, refund.reason)}</span>
                  {lineName && (
                    <span>
                      <Trans>for {lineName}</Trans>
                    </span>
                  )}
                  <span className="when">
                    <Trans>on {when}</Trans>
                  </span>
                </li>
              )
            })}
          </ul>
        </Refunds>
      )}
      <Actions>
        {order.local?.state === 'rejected' && order.local.reason && <p className="reason">{rejectionText(i18n, order.local.reason)}</p>}
        {payable && (
          <ButtonLink to="/payment/$id" params={{ id: order.id }}>
            <Trans>PAY FOR ORDER</Trans>
          </ButtonLink>
        )}
        {invoiced && (
          <ButtonLink to="/orders/$id/invoice" params={{ id: order.id }} $variant="secondary">
            <Trans>Tax invoice</Trans>
          </ButtonLink>
        )}
        {order.local?.state === 'rejected' && <PutBackInCart order={order.local} />}
        <ButtonLink to="/orders" $variant="secondary">
          <Trans>Back to orders</Trans>
        </ButtonLink>
      </Actions>
    </Card>
  )
}
