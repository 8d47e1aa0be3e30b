import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../ui/Page.tsx'

export const Route = createFileRoute('/signup')({
  component: () => <Placeholder title={<Trans>Create an Account</Trans>} body={<Trans>Creating an account opens soon.</Trans>} />,
})
