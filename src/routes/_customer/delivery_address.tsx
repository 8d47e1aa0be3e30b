import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../lib/session.ts'
import { AddressSearch } from '../../features/address/AddressSearch.tsx'
import { useCart } from '../../features/cart/cart.ts'
import { DeliveryAddressForm } from '../../features/orders/DeliveryAddressForm.tsx'
import { Card, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/delivery_address')({ component: DeliveryAddressPage })

function DeliveryAddressPage() {
  const session = useSession()
  const cart = useCart()
  if (session.status !== 'customer') return <Spinner />
  return (
    <Page title={<Trans>Delivery Address</Trans>}>
      <Card>
        <DeliveryAddressForm customerId={session.customer.id} cart={cart} search={(onPick) => <AddressSearch onPick={onPick} />} />
      </Card>
    </Page>
  )
}
