import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../features/account/session.ts'
import { DeliveryAddressForm } from '../../features/orders/DeliveryAddressForm.tsx'
import { Card, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/delivery_address')({ component: DeliveryAddressPage })

function DeliveryAddressPage() {
  const session = useSession()
  if (session.status !== 'customer') return <Spinner />
  return (
    <Page title={<Trans>Delivery Address</Trans>}>
      <Card>
        <DeliveryAddressForm customerId={session.customer.id} />
      </Card>
    </Page>
  )
}
