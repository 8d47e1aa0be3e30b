import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/orders/$id')({
  component: () => <Placeholder title={<Trans>Order</Trans>} body={<Trans>The details of this order will show here.</Trans>} />,
})
