import type { Product } from '../../../domain/product.ts'
import { isActiveSim, isPrepaid, type Service } from '../../../domain/service.ts'
import { styled } from '../../../ui/styled.ts'
import { MonthlyView } from './MonthlyView.tsx'
import { PrepaidView } from './PrepaidView.tsx'
import { ScheduledActions } from '../simActions/ScheduledActions.tsx'
import { ServiceActions } from '../simActions/ServiceActions.tsx'
import { ServiceSidebar } from './ServiceSidebar.tsx'
import { NetworkWaits } from './NetworkWaits.tsx'
import { SimLifeSection } from './SimLifeSection.tsx'
import { useServiceChange } from '../simActions/useServiceChange.ts'
import { useSimRename } from '../simActions/useSimRename.ts'

// Phones read the service and what is scheduled for it, then its balances, then the actions; wide screens keep the
// sidebar, the scheduled actions and the actions on the left.
const Layout = styled('div')`
  display: grid; gap: 16px; align-items: start; grid-template-areas: 'info' 'main' 'actions'; grid-template-columns: minmax(0, 1fr);
  & > * { min-width: 0; }
  .slot-info { grid-area: info; } .slot-scheduled { grid-area: scheduled; } .slot-main { grid-area: main; } .slot-actions { grid-area: actions; }
  .slot-main { display: grid; gap: 16px; }
  &.scheduled { grid-template-areas: 'info' 'scheduled' 'main' 'actions'; }
  @media (min-width: 900px) {
    grid-template-columns: minmax(260px, 1fr) minmax(0, 2.4fr); grid-template-areas: 'info main' 'actions main';
    grid-template-rows: auto 1fr;
    &.scheduled { grid-template-areas: 'info main' 'scheduled main' 'actions main'; grid-template-rows: auto auto 1fr; }
  }
`

/**
 * Service detail: the sidebar, scheduled actions and actions on the left; on the right, where a SIM not active yet is
 * in its life ("Your SIM"), the changes waiting for the network, then Wallets (prepaid) or Monthly Subscription.
 * `fetchedAt`: when this answer came from the server (offline, the device's copy may be old).
 */
export function ServiceDetail({
  service,
  products,
  customerId,
  fetchedAt = null,
}: {
  service: Service
  products: readonly Product[]
  customerId: number
  fetchedAt?: string | null
}) {
  const rename = useSimRename(customerId, service.id)
  const { actor: change, undoFailure } = useServiceChange(customerId, service.id)
  // Only a SIM with something scheduled gets the row for it: an empty row would still take a gap.
  const scheduled = service.scheduled_actions.some((a) => a.id !== undefined && a.kind !== undefined)
  return (
    <Layout className={scheduled ? 'scheduled' : undefined}>
      <div className="slot-info">
        <ServiceSidebar service={service} products={products} />
      </div>
      {scheduled && (
        <div className="slot-scheduled">
          <ScheduledActions service={service} actor={change} undoFailure={undoFailure} />
        </div>
      )}
      <div className="slot-main">
        {service.life && !isActiveSim(service) && <SimLifeSection life={service.life} number={service.service_number} checkedAt={fetchedAt} />}
        <NetworkWaits waiting={service.waiting ?? []} />
        {isPrepaid(service) ? <PrepaidView service={service} /> : <MonthlyView service={service} />}
      </div>
      <div className="slot-actions">
        <ServiceActions service={service} rename={rename} change={change} />
      </div>
    </Layout>
  )
}
