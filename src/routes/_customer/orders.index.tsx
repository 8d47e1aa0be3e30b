import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/orders/')({
  component: () => <Placeholder title={<Trans>Orders</Trans>} body={<Trans>Your orders will be listed here.</Trans>} />,
})
