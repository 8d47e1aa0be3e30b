import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/service/$id')({
  component: () => <Placeholder title={<Trans>Service</Trans>} body={<Trans>The details of this service will show here.</Trans>} />,
})
