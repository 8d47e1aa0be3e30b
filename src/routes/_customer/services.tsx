import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../lib/session.ts'
import { WithProducts } from '../../features/catalogue/WithProducts.tsx'
import { NotLoaded } from '../../features/portal/NotLoaded.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { ServicesTable } from '../../features/portal/ServicesTable.tsx'
import { useServices } from '../../features/portal/usePortal.ts'
import { Card, Muted, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/services')({ staticData: { title: msg`Services` }, component: ServicesPage })

function ServicesPage() {
  const session = useSession()
  if (session.status !== 'customer') return <Spinner />
  return <Services customerId={session.customer.id} />
}

function Services({ customerId }: { customerId: number }) {
  const { t } = useLingui()
  const services = useServices(customerId)
  if (!services) return <Spinner />
  return (
    <Page title={<Trans>Services</Trans>}>
      {'failed' in services ? (
        <NotLoaded why={services.failed} />
      ) : (
        <>
          <OfflineNotice fetchedAt={services.fetchedAt} />
          <Card aria-label={t`Your services`}>
            {services.value.length === 0 ? (
              <Muted>
                <Trans>Your SIMs appear here once an order is paid.</Trans>
              </Muted>
            ) : (
              <WithProducts>{(products) => <ServicesTable services={services.value} products={products} />}</WithProducts>
            )}
          </Card>
        </>
      )}
    </Page>
  )
}
