import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useState } from 'react'
import { ORDER_STAGES } from '../../domain/staffOrders.ts'
import type { StaffOrderSummary } from '../../domain/staffOrderSchemas.ts'
import type { OrderStage } from '../../domain/staffOrders.ts'
import { searchOrders } from '../api/orders.ts'
import { StaffLink } from '../navigation.tsx'
import { Button, Card, Field, Notice, Row, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useFormats } from '../ui/format.ts'
import { stageText } from './orderTexts.ts'

type Shown = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'shown'; orders: StaffOrderSummary[]; next: string | null }

/** /staff/orders: find an order (number, email, mobile number, payment id) or list by stage, waiting to be sent first. */
export function OrdersScreen() {
  const { t, i18n } = useLingui()
  const errorText = useErrorText()
  const { money, when } = useFormats()
  const [typed, setTyped] = useState('')
  const [stage, setStage] = useState<OrderStage | ''>('')
  const [query, setQuery] = useState<{ q: string; stage: OrderStage | '' }>({ q: '', stage: '' })
  const [shown, setShown] = useState<Shown>({ kind: 'loading' })
  const [more, setMore] = useState(false)

  useEffect(() => {
    let live = true
    setShown({ kind: 'loading' })
    searchOrders({ ...(query.q ? { q: query.q } : {}), ...(query.stage ? { status: query.stage } : {}) }).then(
      (answer) => live && setShown({ kind: 'shown', ...answer }),
      (error: unknown) => live && setShown({ kind: 'failed', error }),
    )
    return () => {
      live = false
    }
  }, [query])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setQuery({ q: typed.trim(), stage })
  }
  const loadMore = async () => {
    if (shown.kind !== 'shown' || !shown.next) return
    setMore(true)
    try {
      const answer = await searchOrders({ ...(query.q ? { q: query.q } : {}), ...(query.stage ? { status: query.stage } : {}), cursor: shown.next })
      setShown({ kind: 'shown', orders: [...shown.orders, ...answer.orders], next: answer.next })
    } catch (error) {
      setShown({ kind: 'failed', error })
    } finally {
      setMore(false)
    }
  }

  return (
    <>
      <ScreenTitle title={t`Orders`}>
        <Trans>Orders</Trans>
      </ScreenTitle>
      <Card aria-labelledby="orders-find">
        <h2 id="orders-find">
          <Trans>Find orders</Trans>
        </h2>
        <search>
          <form onSubmit={submit}>
            <Row>
              {/* The search box takes the row's width, down to a phone's. */}
              <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
                <Field label={t`Order number, email, mobile number or payment id`}>
                  {(id) => (
                    <input id={id} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" style={{ width: '100%' }} />
                  )}
                </Field>
              </div>
              <Field label={t`Status`}>
                {(id) => (
                  <select id={id} value={stage} onChange={(e) => setStage(e.target.value as OrderStage | '')}>
                    <option value="">{t`All, waiting to be sent first`}</option>
                    {ORDER_STAGES.map((s) => (
                      <option key={s} value={s}>
                        {i18n._(stageText[s])}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div style={{ marginBottom: 12 }}>
                <Button type="submit">
                  <Trans>Show orders</Trans>
                </Button>
              </div>
            </Row>
          </form>
        </search>
      </Card>
      {shown.kind === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {shown.kind === 'failed' && <Notice tone="error">{errorText(shown.error)}</Notice>}
      {shown.kind === 'shown' && shown.orders.length === 0 && (
        <p role="status">
          <Trans>No orders match.</Trans>
        </p>
      )}
      {shown.kind === 'shown' && shown.orders.length > 0 && (
        <TableBox label={query.q ? t`Orders matching “${query.q}”` : t`Orders, waiting to be sent first`}>
          <table>
            <caption>{query.q ? t`Orders matching “${query.q}”` : t`Orders, waiting to be sent first`}</caption>
            <TableHead columns={[t`Order`, t`Status`, t`SIMs to send`, t`Customer`, t`Placed`, t`Total`]} />
            <tbody>
              {shown.orders.map((order) => (
                <tr key={order.number}>
                  <th scope="row">
                    <StaffLink to={`/orders/${encodeURIComponent(order.number)}`}>{order.number}</StaffLink>
                  </th>
                  <td>{i18n._(stageText[order.stage])}</td>
                  <td>{order.sims_waiting}</td>
                  <td>{order.email}</td>
                  <td>{when(order.order_date)}</td>
                  <td>{money(order.total_price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {shown.kind === 'shown' && shown.next && (
        <p>
          <Button type="button" $variant="secondary" onClick={loadMore} disabled={more}>
            <Trans>More orders</Trans>
          </Button>
        </p>
      )}
    </>
  )
}
