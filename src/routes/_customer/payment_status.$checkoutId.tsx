import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useCustomer } from '../../lib/sessionStore.ts'
import { PaymentOutcome } from '../../features/payment/PaymentOutcome.tsx'

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
  return <PaymentOutcome key={checkoutId} customerId={customer.id} checkoutId={checkoutId} />
}
