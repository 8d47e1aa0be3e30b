import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../lib/sessionStore.ts'
import { CardWidget } from '../../features/payment/CardWidget.tsx'
import { Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/payment_widget/$checkoutId')({ staticData: { title: msg`Insert Your Card Details` }, component: WidgetPage })

function WidgetPage() {
  const session = useSession()
  const { checkoutId } = Route.useParams()
  return (
    <Page title={<Trans>Insert Your Card Details</Trans>}>
      {session.status === 'customer' ? <CardWidget key={checkoutId} customerId={session.customer.id} checkoutId={checkoutId} /> : <Spinner />}
    </Page>
  )
}
