import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/payment_widget/$checkoutId')({
  component: () => <Placeholder title={<Trans>Insert Your Card Details</Trans>} body={<Trans>Card payment arrives with payments.</Trans>} />,
})
