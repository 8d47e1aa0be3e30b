import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { CardWidget } from '../../features/payment/CardWidget.tsx'
import { Page } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/payment_widget/$checkoutId')({ staticData: { title: msg`Insert Your Card Details` }, component: WidgetPage })

function WidgetPage() {
  const { customer } = useCustomer()
  const { checkoutId } = Route.useParams()
  return (
    <Page title={<Trans>Insert Your Card Details</Trans>}>
      <CardWidget key={checkoutId} customerId={customer.id} checkoutId={checkoutId} />
    </Page>
  )
}
