import { msg } from '@lingui/core/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { OrderDetail } from '../../features/orders/OrderDetail.tsx'
import { useOrder } from '../../features/orders/useOrders.ts'
import { Muted, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/orders/$id')({ staticData: { title: msg`Order` }, component: OrderPage })

function OrderPage() {
  const { id } = Route.useParams()
  const order = useOrder(useCustomer().customer.id, id)
  const navigate = useNavigate()
  // A waiting order opened by its client id moves to its server id once the server has answered.
  useEffect(() => {
    if (order && order.id !== id) void navigate({ to: '/orders/$id', params: { id: order.id }, replace: true })
  }, [order, id, navigate])
  if (order === undefined) return <Spinner />
  return (
    <Page title={order?.number ? <Trans>Order {order.number}</Trans> : <Trans>Order</Trans>}>
      {order ? (
        <OrderDetail order={order} />
      ) : (
        <Muted>
          <Trans>This order could not be found.</Trans>
        </Muted>
      )}
    </Page>
  )
}
