import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/delivery_address')({
  component: () => <Placeholder title={<Trans>Delivery Address</Trans>} body={<Trans>Your delivery address form arrives with ordering.</Trans>} />,
})
