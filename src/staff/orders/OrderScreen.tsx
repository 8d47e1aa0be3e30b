import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { StaffOrder } from '../../domain/staffOrderSchemas.ts'
import { roleCan } from '../../domain/staff.ts'
import { fetchOrder } from '../api/orders.ts'
import { StaffLink, useStaffPath } from '../navigation.tsx'
import { refundReasonLabels } from '../payments/reasonLabels.ts'
import type { RefundReason } from '../../domain/refunds.ts'
import { useMember } from '../session.tsx'
import { Card, Notice, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { useFormats } from '../ui/format.ts'
import { lifeText, ricaFailureText, stageText } from './orderTexts.ts'
import { DeliveryForm, DispatchForm } from './SimForms.tsx'
import { Timeline } from './Timeline.tsx'

const Facts = styled('dl')`
  display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 12px;
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 480px) { grid-template-columns: 1fr; dd { margin-bottom: 8px; } }
`

const SimBox = styled('section')`
  border-top: 1px solid ${theme.color.border}; padding-top: 12px; margin-top: 12px;
  h3 { font-size: 16px; margin: 0 0 8px; }
  h4 { font-size: 15px; margin: 12px 0 8px; }
`

type Shown = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'shown'; order: StaffOrder }

/** /staff/orders/$number: the order's lines, customer, payments, SIMs (with fulfilment's forms) and its timeline. */
export function OrderScreen() {
  const { t, i18n } = useLingui()
  const errorText = useErrorText()
  const { money, when } = useFormats()
  const member = useMember()
  const number = decodeURIComponent(useStaffPath().replace(/^\/orders\//, ''))
  const [shown, setShown] = useState<Shown>({ kind: 'loading' })
  const [recorded, setRecorded] = useState<string>()
  const canRecord = roleCan(member.role, 'fulfilment.record')

  useEffect(() => {
    let live = true
    fetchOrder(number).then(
      (order) => live && setShown({ kind: 'shown', order }),
      (error: unknown) => live && setShown({ kind: 'failed', error }),
    )
    return () => {
      live = false
    }
  }, [number])

  const onRecorded = (message: string) => (order: StaffOrder) => {
    setShown({ kind: 'shown', order })
    setRecorded(message)
  }

  return (
    <>
      <ScreenTitle title={t`Order ${number}`}>
        <Trans>Order {number}</Trans>
      </ScreenTitle>
      <p>
        <StaffLink to="/orders">
          <Trans>All orders</Trans>
        </StaffLink>
      </p>
      {shown.kind === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {shown.kind === 'failed' && <Notice tone="error">{errorText(shown.error)}</Notice>}
      {recorded && <Notice tone="success">{recorded}</Notice>}
      {shown.kind === 'shown' && (
        <>
          <Card aria-labelledby="order-summary">
            <h2 id="order-summary">
              <Trans>Summary</Trans>
            </h2>
            <Facts>
              <dt>
                <Trans>Status</Trans>
              </dt>
              <dd>
                {i18n._(stageText[shown.order.stage])} ({shown.order.status})
              </dd>
              <dt>
                <Trans>Placed</Trans>
              </dt>
              <dd>{when(shown.order.order_date)}</dd>
              <dt>
                <Trans>Customer</Trans>
              </dt>
              <dd>
                {shown.order.customer.name} ({shown.order.customer.email})
              </dd>
              <dt>
                <Trans>Total</Trans>
              </dt>
              <dd>{money(shown.order.total_price)}</dd>
            </Facts>
          </Card>
          {/* The table's scrolling box is the region named like the heading (it takes the focus to scroll on a narrow screen). */}
          <Card>
            <h2 id="order-lines">
              <Trans>Lines</Trans>
            </h2>
            <TableBox label={t`Lines`}>
              <table>
                <TableHead columns={['#', t`Product`, t`Price`, t`Status`]} />
                <tbody>
                  {shown.order.lines.map((line) => (
                    <tr key={line.number}>
                      <td>{line.number}</td>
                      <td>{line.name}</td>
                      <td>{money(line.unit_price)}</td>
                      <td>{line.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          </Card>
          <Card>
            <h2 id="order-payments">
              <Trans>Payments</Trans>
            </h2>
            {shown.order.payments.length === 0 ? (
              <p>
                <Trans>No payment yet.</Trans>
              </p>
            ) : (
              <TableBox label={t`Payments`}>
                <table>
                  <TableHead columns={[t`When`, t`Amount`, t`How`, t`Reconciliation`, t`Payment id`]} />
                  <tbody>
                    {shown.order.payments.map((p) => (
                      <tr key={p.id}>
                        <td>{when(p.at)}</td>
                        <td>{money(p.amount)}</td>
                        <td>
                          {p.brand || p.method} ({p.status})
                        </td>
                        <td>{p.reconciliation === 'refund_due' ? t`Owed back: ${p.refund_reason ?? ''}` : t`Paid the order`}</td>
                        <td>
                          <code>{p.id}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            )}
          </Card>
          <Card aria-labelledby="order-refunds">
            <h2 id="order-refunds">
              <Trans>Refunds</Trans>
            </h2>
            {shown.order.refunds.length === 0 ? (
              <p>
                <Trans>Nothing refunded.</Trans>
              </p>
            ) : (
              <TableBox label={t`Refunds`}>
                <table>
                  <TableHead columns={[t`When`, t`Amount`, t`Reason`, t`Status`, t`By`]} />
                  <tbody>
                    {shown.order.refunds.map((r) => (
                      <tr key={`${r.at}-${r.amount}-${r.status}`}>
                        <td>{when(r.at)}</td>
                        <td>{money(r.amount)}</td>
                        <td>
                          {r.reason in refundReasonLabels ? i18n._(refundReasonLabels[r.reason as RefundReason]) : r.reason}
                          {r.orderLine !== null && ` (${t`line ${r.orderLine}`})`}
                          {r.note && (
                            <>
                              <br />
                              <small>{r.note}</small>
                            </>
                          )}
                        </td>
                        <td>
                          {r.status === 'refunded' ? t`Refunded` : r.status === 'pending' ? t`Waiting for the card provider` : t`Refused by the card provider`}
                          {r.result && r.status === 'failed' && (
                            <>
                              <br />
                              <small>{r.result}</small>
                            </>
                          )}
                        </td>
                        <td>{r.staff ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            )}
            {shown.order.payments.some((p) => p.reconciliation === 'refund_due') && (
              <p>
                <StaffLink to="/payments">
                  <Trans>Refund what is owed back from the refunds queue</Trans>
                </StaffLink>
              </p>
            )}
          </Card>
          <Card aria-labelledby="order-sims">
            <h2 id="order-sims">
              <Trans>SIMs</Trans>
            </h2>
            {shown.order.sims.length === 0 && (
              <p>
                <Trans>No SIM on this order.</Trans>
              </p>
            )}
            {shown.order.sims.map((sim) => (
              <SimBox key={sim.id} aria-labelledby={`sim-${sim.id}`}>
                <h3 id={`sim-${sim.id}`}>
                  {sim.name} · {sim.reference}
                </h3>
                <Facts>
                  <dt>
                    <Trans>Product</Trans>
                  </dt>
                  <dd>{sim.product}</dd>
                  <dt>
                    <Trans>State</Trans>
                  </dt>
                  <dd>
                    {i18n._(lifeText[sim.life.state])}
                    {sim.life.attempt > 1 && <> ({t`delivery attempt ${sim.life.attempt}`})</>}
                    {sim.life.rica_failure && <> · {i18n._(ricaFailureText[sim.life.rica_failure])}</>}
                  </dd>
                  <dt>
                    <Trans>ICCID</Trans>
                  </dt>
                  <dd>{sim.iccid ?? '—'}</dd>
                  <dt>
                    <Trans>Courier and tracking</Trans>
                  </dt>
                  <dd>{sim.life.courier ? `${sim.life.courier} · ${sim.life.tracking_reference ?? ''}` : '—'}</dd>
                  <dt>
                    <Trans>Mobile number</Trans>
                  </dt>
                  <dd>{sim.number ?? '—'}</dd>
                </Facts>
                {canRecord && (sim.life.state === 'preparing' || sim.life.state === 'rica_failed') && (
                  <DispatchForm number={shown.order.number} sim={sim} onRecorded={onRecorded(t`Dispatch recorded for ${sim.reference}.`)} />
                )}
                {canRecord && sim.life.state === 'on_its_way' && (
                  <DeliveryForm number={shown.order.number} sim={sim} onRecorded={onRecorded(t`Delivery recorded for ${sim.reference}.`)} />
                )}
              </SimBox>
            ))}
          </Card>
          <Card aria-labelledby="order-timeline">
            <h2 id="order-timeline">
              <Trans>Timeline</Trans>
            </h2>
            <Timeline entries={shown.order.timeline} />
          </Card>
        </>
      )}
    </>
  )
}
