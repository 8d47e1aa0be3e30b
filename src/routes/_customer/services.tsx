import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/services')({
  component: () => <Placeholder title={<Trans>Services</Trans>} body={<Trans>Your SIM services will be listed here.</Trans>} />,
})
