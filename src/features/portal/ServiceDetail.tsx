import type { Product } from '../../domain/product.ts'
import { isPrepaid, type Service } from '../../domain/service.ts'
import { styled } from '../../ui/styled.ts'
import { MonthlyView } from './MonthlyView.tsx'
import { PrepaidView } from './PrepaidView.tsx'
import { ServiceActions } from './ServiceActions.tsx'
import { ServiceSidebar } from './ServiceSidebar.tsx'

// Phones read the service, then its balances, then the (disabled) actions; wide screens keep the sidebar on the left.
const Layout = styled('div')`
  display: grid; gap: 16px; align-items: start; grid-template-areas: 'info' 'main' 'actions';
  & > * { min-width: 0; }
  .slot-info { grid-area: info; } .slot-main { grid-area: main; } .slot-actions { grid-area: actions; }
  @media (min-width: 900px) {
    grid-template-columns: minmax(260px, 1fr) minmax(0, 2.4fr); grid-template-areas: 'info main' 'actions main';
    grid-template-rows: auto 1fr;
  }
`

/** Service detail: the sidebar and actions on the left, Wallets (prepaid) or Monthly Subscription on the right. */
export function ServiceDetail({ service, products }: { service: Service; products: readonly Product[] }) {
  return (
    <Layout>
      <div className="slot-info">
        <ServiceSidebar service={service} products={products} />
      </div>
      <div className="slot-main">{isPrepaid(service) ? <PrepaidView service={service} /> : <MonthlyView service={service} />}</div>
      <div className="slot-actions">
        <ServiceActions service={service} />
      </div>
    </Layout>
  )
}
