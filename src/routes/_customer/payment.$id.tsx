import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../lib/sessionStore.ts'
import { PayForOrder } from '../../features/payment/PayForOrder.tsx'
import { Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/payment/$id')({ staticData: { title: msg`Payment` }, component: PaymentPage })

function PaymentPage() {
  const session = useSession()
  const { id } = Route.useParams()
  return (
    <Page title={<Trans>Payment</Trans>}>
      {session.status === 'customer' ? <PayForOrder key={id} customerId={session.customer.id} orderId={id} /> : <Spinner />}
    </Page>
  )
}
