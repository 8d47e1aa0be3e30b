import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { BillingTable } from '../../features/portal/billing/BillingTable.tsx'
import { NotLoaded } from '../../features/portal/NotLoaded.tsx'
import { OfflineNotice } from '../../features/portal/OfflineNotice.tsx'
import { useBilling } from '../../features/portal/usePortal.ts'
import { Card, Heading, Muted } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { Section } from '../../ui/Section.tsx'

export const Route = createFileRoute('/_customer/billing')({ staticData: { title: msg`Billing` }, component: BillingPage })

// A card titled Billing; its title is the page's heading.
function BillingPage() {
  const billing = useBilling(useCustomer().customer.id)
  if (!billing) return <Spinner />
  return (
    <Section frame={Card} id="billing-title" heading={Heading} title={<Trans>Billing</Trans>}>
      {'failed' in billing ? (
        <NotLoaded why={billing.failed} />
      ) : (
        <>
          <OfflineNotice fetchedAt={billing.fetchedAt} />
          {billing.value.length === 0 ? (
            <Muted>
              <Trans>Your orders and payments appear here once you place an order.</Trans>
            </Muted>
          ) : (
            <BillingTable rows={billing.value} />
          )}
        </>
      )}
    </Section>
  )
}
