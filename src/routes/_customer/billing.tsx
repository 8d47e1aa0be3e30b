import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/billing')({
  component: () => <Placeholder title={<Trans>Billing</Trans>} body={<Trans>Your bills will show here.</Trans>} />,
})
