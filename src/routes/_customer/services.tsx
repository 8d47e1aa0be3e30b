import { msg } from '@lingui/core/macro'
import { createFileRoute, Navigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { WithProducts } from '../../features/catalogue/WithProducts.tsx'
import { NotLoaded } from '../../features/portal/NotLoaded.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { ServicesTable } from '../../features/portal/services/ServicesTable.tsx'
import { useServices } from '../../features/portal/usePortal.ts'
import { Card, Muted, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

// `?bundle` (the installed app's "Buy a bundle" shortcut): the SIM's bundles at once when there is one SIM, else the list to pick from.
export const Route = createFileRoute('/_customer/services')({
  staticData: { title: msg`Services` },
  validateSearch: (search: Record<string, unknown>): { bundle?: true } => ('bundle' in search ? { bundle: true } : {}),
  component: ServicesPage,
})

function ServicesPage() {
  const { t } = useLingui()
  const forBundle = Route.useSearch().bundle === true
  const services = useServices(useCustomer().customer.id)
  if (!services) return <Spinner />
  const only = forBundle && !('failed' in services) && services.value.length === 1 ? services.value[0] : undefined
  if (only) return <Navigate to="/service/$id/bundles" params={{ id: String(only.id) }} replace />
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
              <>
                {forBundle && (
                  <Muted>
                    <Trans>Choose the SIM to add a bundle to.</Trans>
                  </Muted>
                )}
                <WithProducts>{(products) => <ServicesTable services={services.value} products={products} />}</WithProducts>
              </>
            )}
          </Card>
        </>
      )}
    </Page>
  )
}
