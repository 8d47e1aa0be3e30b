import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Placeholder } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/payment/$id')({
  component: () => <Placeholder title={<Trans>Payment</Trans>} body={<Trans>Paying for orders arrives with payments.</Trans>} />,
})
