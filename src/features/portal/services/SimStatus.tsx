import { isActiveSim, type Service } from '../../../domain/service.ts'
import { SimLifeBadge } from '../../../ui/SimLifeBadge.tsx'
import { ServiceStatusBadge } from './ServiceStatusBadge.tsx'

/** A SIM not active yet shows where it is in its life (being prepared, on its way…); an active one its status code. */
export function SimStatus({ service }: { service: Service }) {
  return service.life && !isActiveSim(service) ? <SimLifeBadge state={service.life.state} /> : <ServiceStatusBadge code={service.status} />
}
