import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { WithProducts } from '../../features/catalogue/WithProducts.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { ServiceDetail } from '../../features/portal/services/ServiceDetail.tsx'
import { WithService } from '../../features/portal/WithService.tsx'

export const Route = createFileRoute('/_customer/service/$id')({ staticData: { title: msg`Service` }, component: ServicePage })

function ServicePage() {
  const { customer } = useCustomer()
  const { id } = Route.useParams()
  return (
    <WithService key={id} id={id} title={<Trans>Service</Trans>}>
      {(service) => (
        <>
          <OfflineNotice fetchedAt={service.fetchedAt} />
          <WithProducts>
            {(products) => <ServiceDetail service={service.value} products={products} customerId={customer.id} fetchedAt={service.fetchedAt} />}
          </WithProducts>
        </>
      )}
    </WithService>
  )
}
