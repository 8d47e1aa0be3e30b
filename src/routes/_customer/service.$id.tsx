import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../lib/sessionStore.ts'
import { WithProducts } from '../../features/catalogue/WithProducts.tsx'
import { NotLoaded } from '../../features/portal/NotLoaded.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { ServiceDetail } from '../../features/portal/services/ServiceDetail.tsx'
import { useService } from '../../features/portal/usePortal.ts'
import { ButtonLink } from '../../ui/Button.tsx'
import { Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/service/$id')({ staticData: { title: msg`Service` }, component: ServicePage })

function ServicePage() {
  const session = useSession()
  const { id } = Route.useParams()
  if (session.status !== 'customer') return <Spinner />
  return <ServiceScreen key={id} customerId={session.customer.id} id={id} />
}

function ServiceScreen({ customerId, id }: { customerId: number; id: string }) {
  const service = useService(customerId, id)
  if (!service) return <Spinner />
  if ('failed' in service)
    return (
      <Page title={<Trans>Service</Trans>}>
        <NotLoaded why={service.failed} />
        <p>
          <ButtonLink to="/services" $variant="secondary">
            <Trans>Back to services</Trans>
          </ButtonLink>
        </p>
      </Page>
    )
  return (
    <>
      <OfflineNotice fetchedAt={service.fetchedAt} />
      <WithProducts>{(products) => <ServiceDetail service={service.value} products={products} customerId={customerId} />}</WithProducts>
    </>
  )
}
