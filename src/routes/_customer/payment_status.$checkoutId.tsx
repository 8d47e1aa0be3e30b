import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/payment_status/$checkoutId')({
  component: () => <Placeholder title={<Trans>Loading</Trans>} body={<Trans>The payment result will show here.</Trans>} />,
})
