import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button, ButtonLink } from '../../ui/Button.tsx'
import { styled } from '../../ui/styled.ts'
import { formatDate } from '../../domain/dates.ts'
import { latestOrders, paginate, type OrderView } from './orderView.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { Table } from '../../ui/Table.tsx'

/** The orders table shows 8 per page. */
export const ORDERS_PAGE_SIZE = 8

const Older = styled('p')`
  margin: 16px 0 0; text-align: center;
`

const Pager = styled('nav')`
  display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px; margin-top: 16px;
  p { margin: 0 8px; font-weight: 600; }
`

/**
 * The latest 20 orders, 8 a page: Order Number, order Date, Status and "View Order" per row; First/Previous/Next/Last
 * and "Page x of y". Older orders are named, with the way to them: the bill lists every order with "View Order".
 */
export function OrdersTable({ orders }: { orders: readonly OrderView[] }) {
  const { t, i18n } = useLingui()
  const [wanted, setWanted] = useState(1)
  const { shown, older } = latestOrders(orders)
  const { items, page, pages } = paginate(shown, wanted, ORDERS_PAGE_SIZE)
  return (
    <>
      <Table
        caption={t`Your orders`}
        rows={items}
        rowKey={(order) => order.id}
        columns={[
          { header: t`Order Number`, cell: (order) => order.number ?? '—' },
          { header: t`order Date`, cell: (order) => formatDate(order.date, i18n.locale, 'short') },
          { header: t`Status`, cell: (order) => <StatusBadge order={order} /> },
          {
            header: t`Actions`,
            hidden: true,
            cell: (order) => (
              <ButtonLink to="/orders/$id" params={{ id: order.id }} $variant="secondary" aria-label={t`View Order ${order.number ?? ''}`.trim()}>
                <Trans>View Order</Trans>
              </ButtonLink>
            ),
          },
        ]}
      />
      <Pager aria-label={t`Pages`}>
        <Button $variant="ghost" disabled={page <= 1} onClick={() => setWanted(1)}>
          <Trans>First</Trans>
        </Button>
        <Button $variant="ghost" disabled={page <= 1} onClick={() => setWanted(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <p aria-live="polite">
          <Trans>
            Page {page} of {pages}
          </Trans>
        </p>
        <Button $variant="ghost" disabled={page >= pages} onClick={() => setWanted(page + 1)}>
          <Trans>Next</Trans>
        </Button>
        <Button $variant="ghost" disabled={page >= pages} onClick={() => setWanted(pages)}>
          <Trans>Last</Trans>
        </Button>
      </Pager>
      {older > 0 && (
        <Older>
          <Trans>These are your latest 20 orders.</Trans>{' '}
          <Plural value={older} one="# older order is on your bill, with View Order." other="# older orders are on your bill, each with View Order." />{' '}
          <Link to="/billing">
            <Trans>Billing</Trans>
          </Link>
        </Older>
      )}
    </>
  )
}
