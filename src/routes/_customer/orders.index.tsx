import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { LocalOrderCard } from '../../features/orders/LocalOrderCard.tsx'
import { OrdersTable } from '../../features/orders/OrdersTable.tsx'
import { useOrders } from '../../features/orders/useOrders.ts'
import { Card, Muted, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { LastUpdated } from '../../ui/LastUpdated.tsx'
import { usePwa } from '../../pwa/state.ts'
import { readOrdersFetchedAt } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'

export const Route = createFileRoute('/_customer/orders/')({ staticData: { title: msg`Orders` }, component: OrdersPage })

function OrdersPage() {
  const { t } = useLingui()
  const customerId = useCustomer().customer.id
  const orders = useOrders(customerId)
  const { online } = usePwa()
  const fetchedAt = useLiveRead((store) => readOrdersFetchedAt(customerId, store), [customerId]) ?? null
  if (!orders) return <Spinner />
  const unsent = orders.filter((o) => o.look === 'waiting' || (o.look === 'rejected' && !o.local?.returnedToCart))
  return (
    <Page title={<Trans>Orders</Trans>}>
      {!online && <LastUpdated at={fetchedAt} />}
      {unsent.map((order) => (
        <LocalOrderCard key={order.id} order={order} />
      ))}
      <Card aria-label={t`Your orders`}>
        {orders.length === 0 ? (
          <Muted>
            <Trans>You have no orders yet.</Trans>
          </Muted>
        ) : (
          <OrdersTable orders={orders} />
        )}
      </Card>
    </Page>
  )
}
