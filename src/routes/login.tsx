import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../ui/Page.tsx'

export const Route = createFileRoute('/login')({
  component: () => <Placeholder title={<Trans>Sign in to continue</Trans>} body={<Trans>Signing in opens soon.</Trans>} />,
})
