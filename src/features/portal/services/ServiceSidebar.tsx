import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Product } from '../../../domain/product.ts'
import { isActiveSim, type Service } from '../../../domain/service.ts'
import { Card, Heading } from '../../../ui/Page.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { formatDate } from '../../../domain/dates.ts'
import { actionText } from '../simActions/actionText.ts'
import { productName } from './productName.ts'
import { serviceName } from './serviceName.ts'
import { SandboxBadge } from './SandboxBadge.tsx'
import { SimStatus } from './SimStatus.tsx'
import { Section } from '../../../ui/Section.tsx'

const Rows = styled('dl')`
  margin: 0; display: grid; gap: 10px;
  dt { color: ${theme.color.muted}; font-weight: 600; font-size: 14px; }
  dd { margin: 2px 0 0; overflow-wrap: anywhere; }
  ul { margin: 0; padding-left: 18px; }
`
const Name = styled('p')`
  font-size: 18px; font-weight: 700; margin: -8px 0 16px; overflow-wrap: anywhere;
  display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px;
`

const Names = ({ items }: { items: readonly string[] }) =>
  items.length === 0 ? (
    <Trans>None</Trans>
  ) : (
    <ul>
      {items.map((name, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat and the list never reorders, so the position is the row
        <li key={i}>{name}</li>
      ))}
    </ul>
  )

const Row = ({ label, children }: { label: ReactNode; children: ReactNode }) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
)

/** Service detail: the sidebar titled Service, its name, and the rows about the SIM. */
export function ServiceSidebar({ service, products }: { service: Service; products: readonly Product[] }) {
  const { t, i18n } = useLingui()
  return (
    <Section id="service-title" frame={Card} heading={Heading} title={<Trans>Service</Trans>}>
      <Name>
        <span>{serviceName(service)}</span>
        {service.service_number !== null && service.network === 'sandbox' && <SandboxBadge what="number" />}
      </Name>
      <Rows aria-label={t`Service details`}>
        <Row label={<Trans>Status</Trans>}>
          <SimStatus service={service} />
        </Row>
        <Row label={<Trans>SIM Name</Trans>}>{service.name}</Row>
        <Row label={<Trans>Product</Trans>}>{productName(service, products, i18n.locale)}</Row>
        <Row label={<Trans>Service Number</Trans>}>{service.service_reference}</Row>
        {/* The number is the name above once the network gave it; until then, say when it comes rather than leave a gap. */}
        {service.service_number === null && (
          <Row label={<Trans>Mobile number</Trans>}>
            <Trans>Given when the network activates your SIM</Trans>
          </Row>
        )}
        <Row label={<Trans>ICCID</Trans>}>{service.associated_resource ?? <Trans>Given when your SIM is dispatched</Trans>}</Row>
        {isActiveSim(service) && <Row label={<Trans>Activation Date</Trans>}>{formatDate(service.activation_date, i18n.locale, 'long')}</Row>}
        {service.cancellation_date && <Row label={<Trans>Cancellation Date</Trans>}>{formatDate(service.cancellation_date, i18n.locale, 'long')}</Row>}
        <Row label={<Trans>Scheduled Actions</Trans>}>
          <Names items={service.scheduled_actions.map((action) => actionText(i18n, action))} />
        </Row>
        <Row label={<Trans>Subscriptions</Trans>}>
          <Names items={service.subscriptions.map((s) => s.name)} />
        </Row>
      </Rows>
    </Section>
  )
}
