import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '../../../domain/product.ts'
import type { Service } from '../../../domain/service.ts'
import { ButtonLink } from '../../../ui/Button.tsx'
import { Table } from '../../../ui/Table.tsx'
import { productName } from './productName.ts'
import { serviceName } from './serviceName.ts'
import { SandboxBadge } from './SandboxBadge.tsx'
import { SimStatus } from './SimStatus.tsx'

/** /services: Sim Name, Product, Service Name, Status and "View Service" per row. */
export function ServicesTable({ services, products }: { services: readonly Service[]; products: readonly Product[] }) {
  const { t, i18n } = useLingui()
  return (
    <Table
      caption={t`Your services`}
      rows={services}
      rowKey={(service) => service.id}
      columns={[
        { header: t`Sim Name`, cell: (service) => service.name },
        { header: t`Product`, cell: (service) => productName(service, products, i18n.locale) },
        {
          header: t`Service Name`,
          cell: (service) =>
            service.service_number !== null && service.network === 'sandbox' ? (
              <span>
                <span>{serviceName(service)}</span> <SandboxBadge what="number" />
              </span>
            ) : (
              serviceName(service)
            ),
        },
        { header: t`Status`, cell: (service) => <SimStatus service={service} /> },
        {
          header: t`Actions`,
          hidden: true,
          cell: (service) => (
            <ButtonLink to="/service/$id" params={{ id: String(service.id) }} $variant="secondary" aria-label={t`View Service ${service.name}`}>
              <Trans>View Service</Trans>
            </ButtonLink>
          ),
        },
      ]}
    />
  )
}
