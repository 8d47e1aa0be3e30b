import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../lib/sessionStore.ts'
import { AddBundle } from '../../features/portal/bundles/AddBundle.tsx'
import { NotLoaded } from '../../features/portal/NotLoaded.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { useService } from '../../features/portal/usePortal.ts'
import { ButtonLink } from '../../ui/Button.tsx'
import { Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/service_/$id/bundles')({ staticData: { title: msg`Add a bundle` }, component: BundlesPage })

function BundlesPage() {
  const session = useSession()
  const { id } = Route.useParams()
  if (session.status !== 'customer') return <Spinner />
  return <BundlesScreen key={id} customerId={session.customer.id} id={id} />
}

/** ADD VAS: the SIM from the device (refreshed from the server), and what it can buy. */
function BundlesScreen({ customerId, id }: { customerId: number; id: string }) {
  const service = useService(customerId, id)
  if (!service) return <Spinner />
  return (
    <Page title={<Trans>Add a bundle</Trans>}>
      {'failed' in service ? (
        <>
          <NotLoaded why={service.failed} />
          <p>
            <ButtonLink to="/services" $variant="secondary">
              <Trans>Back to services</Trans>
            </ButtonLink>
          </p>
        </>
      ) : (
        <>
          <OfflineNotice fetchedAt={service.fetchedAt} />
          <AddBundle customerId={customerId} service={service.value} />
        </>
      )}
    </Page>
  )
}
