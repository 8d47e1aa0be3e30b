import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useCustomer } from '../../lib/sessionStore.ts'
import { PaymentOutcome } from '../../features/payment/PaymentOutcome.tsx'
import { NotificationsOffer } from '../../features/notifications/NotificationsOffer.tsx'

// The provider's redirect adds these; the server asks the provider itself, so they are only accepted, never trusted.
const ResultSearch = v.object({ id: v.optional(v.string()), resourcePath: v.optional(v.string()) })

export const Route = createFileRoute('/_customer/payment_status/$checkoutId')({
  staticData: { title: msg`Payment` },
  validateSearch: (search) =>
    v.parse(ResultSearch, {
      id: typeof search.id === 'string' ? search.id : undefined,
      resourcePath: typeof search.resourcePath === 'string' ? search.resourcePath : undefined,
    }),
  component: StatusPage,
})

function StatusPage() {
  const { customer } = useCustomer()
  const { checkoutId } = Route.useParams()
  // A moment of value: the customer may ask to be told of the next payment, or of this bundle running low.
  return <PaymentOutcome key={checkoutId} customerId={customer.id} checkoutId={checkoutId} afterSuccess={(bought) => <NotificationsOffer after={bought} />} />
}
