import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Cached } from '../../store/portalQueries.ts'
import type { Service } from '../../domain/service.ts'
import { useCustomer } from '../../lib/sessionStore.ts'
import { ButtonLink } from '../../ui/Button.tsx'
import { Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { NotLoaded } from './NotLoaded.tsx'
import { useService } from './usePortal.ts'

/** One of the customer's SIMs, from the device (refreshed from the server); when neither has it, a page titled `title` says so. */
export function WithService({ id, title, children }: { id: string; title: ReactNode; children: (service: Cached<Service>) => ReactNode }) {
  const service = useService(useCustomer().customer.id, id)
  if (!service) return <Spinner />
  if (!('failed' in service)) return children(service)
  return (
    <Page title={title}>
      <NotLoaded why={service.failed} />
      <p>
        <ButtonLink to="/services" $variant="secondary">
          <Trans>Back to services</Trans>
        </ButtonLink>
      </p>
    </Page>
  )
}
