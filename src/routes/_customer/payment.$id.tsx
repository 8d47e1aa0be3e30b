import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { PayForOrder } from '../../features/payment/PayForOrder.tsx'
import { Page } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/payment/$id')({ staticData: { title: msg`Payment` }, component: PaymentPage })

function PaymentPage() {
  const { customer } = useCustomer()
  const { id } = Route.useParams()
  return (
    <Page title={<Trans>Payment</Trans>}>
      <PayForOrder key={id} customerId={customer.id} orderId={id} />
    </Page>
  )
}
