import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/profile')({
  component: () => <Placeholder title={<Trans>Profile</Trans>} body={<Trans>Your profile will show here.</Trans>} />,
})
