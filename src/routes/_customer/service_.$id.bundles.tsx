import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { AddBundle } from '../../features/portal/bundles/AddBundle.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { WithService } from '../../features/portal/WithService.tsx'
import { Page } from '../../ui/Page.tsx'

export const Route = createFileRoute('/_customer/service_/$id/bundles')({ staticData: { title: msg`Add a bundle` }, component: BundlesPage })

/** ADD VAS: the SIM from the device (refreshed from the server), and what it can buy. */
function BundlesPage() {
  const { customer } = useCustomer()
  const { id } = Route.useParams()
  return (
    <WithService key={id} id={id} title={<Trans>Add a bundle</Trans>}>
      {(service) => (
        <Page title={<Trans>Add a bundle</Trans>}>
          <OfflineNotice fetchedAt={service.fetchedAt} />
          <AddBundle customerId={customer.id} service={service.value} />
        </Page>
      )}
    </WithService>
  )
}
