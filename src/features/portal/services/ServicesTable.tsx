import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '../../../domain/product.ts'
import type { Service } from '../../../domain/service.ts'
import { ButtonLink } from '../../../ui/Button.tsx'
import { StackedTable } from '../../../ui/tableStyles.ts'
import { productName } from './productName.ts'
import { serviceName } from './serviceName.ts'
import { ServiceStatusBadge } from './ServiceStatusBadge.tsx'

/** /services: Sim Name, Product, Service Name, Status and "View Service" per row. */
export function ServicesTable({ services, products }: { services: readonly Service[]; products: readonly Product[] }) {
  const { t, i18n } = useLingui()
  return (
    <StackedTable aria-label={t`Your services`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Sim Name</Trans>
          </th>
          <th scope="col">
            <Trans>Product</Trans>
          </th>
          <th scope="col">
            <Trans>Service Name</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <span className="sr-only">
              <Trans>Actions</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {services.map((service) => (
          <tr key={service.id}>
            <td data-label={t`Sim Name`}>{service.name}</td>
            <td data-label={t`Product`}>{productName(service, products, i18n.locale)}</td>
            <td data-label={t`Service Name`}>{serviceName(service)}</td>
            <td data-label={t`Status`}>
              <ServiceStatusBadge code={service.status} />
            </td>
            <td>
              <ButtonLink to="/service/$id" params={{ id: String(service.id) }} $variant="secondary" aria-label={t`View Service ${service.name}`}>
                <Trans>View Service</Trans>
              </ButtonLink>
            </td>
          </tr>
        ))}
      </tbody>
    </StackedTable>
  )
}
