import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { useAccount } from '../../lib/useAccount.ts'
import { AddressSearch } from '../../features/address/AddressSearch.tsx'
import { cartAtCatalogue } from '../../domain/cartPrices.ts'
import type { CartState } from '../../domain/cartState.ts'
import { useCart } from '../../features/cart/cart.ts'
import { useProducts } from '../../features/catalogue/useProducts.ts'
import { DeliveryAddressForm } from '../../features/orders/DeliveryAddressForm.tsx'
import { Card, Page } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/delivery_address')({ staticData: { title: msg`Delivery Address` }, component: DeliveryAddressPage })

function DeliveryAddressPage() {
  // The order is placed at the prices the cart showed: the catalogue's.
  const { cart } = cartAtCatalogue(useCart(), useProducts())
  return (
    <Page title={<Trans>Delivery Address</Trans>}>
      <Card>
        <CustomerDelivery cart={cart} />
      </Card>
    </Page>
  )
}

/** The form with the customer's addresses as every tab shows them, edits not yet sent included. */
function CustomerDelivery({ cart }: { cart: CartState }) {
  const { customer } = useCustomer()
  const { user } = useAccount(customer)
  const addresses = user.addresses.filter((a) => a.id)
  return <DeliveryAddressForm customerId={customer.id} cart={cart} addresses={addresses} search={(onPick) => <AddressSearch onPick={onPick} />} />
}
