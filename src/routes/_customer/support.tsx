import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/support')({
  component: () => <Placeholder title={<Trans>Support</Trans>} body={<Trans>How can we assist you today?</Trans>} />,
})
