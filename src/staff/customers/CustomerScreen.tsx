import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useParams } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { roleCan } from '../../domain/staff.ts'
import { StaffLink } from '../navigation.tsx'
import { lifeText } from '../orders/orderTexts.ts'
import { useMember } from '../session.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime, useMoney } from '../ui/format.ts'
import { Button, Card, Notice, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { styled } from '../ui/styled.ts'
import { type CustomerRecord, readCustomer, sendPasswordReset } from './customersApi.ts'

const Facts = styled('dl')`
  display: grid; grid-template-columns: minmax(120px, max-content) 1fr; gap: 6px 16px; margin: 0;
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`

/** /staff/customers/$id: everything support may see of one customer; opening it is recorded in the audit log. */
export function CustomerScreen() {
  const { t } = useLingui()
  const errorText = useErrorText()
  const { id } = useParams({ strict: false }) as { id: string }
  const [record, setRecord] = useState<CustomerRecord | { failed: unknown }>()
  useEffect(() => {
    let live = true
    setRecord(undefined)
    readCustomer(id).then(
      (answer) => live && setRecord(answer),
      (failed: unknown) => live && setRecord({ failed }),
    )
    return () => {
      live = false
    }
  }, [id])
  if (record === undefined)
    return (
      <>
        <ScreenTitle title={t`Customer`}>
          <Trans>Customer</Trans>
        </ScreenTitle>
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      </>
    )
  if ('failed' in record)
    return (
      <>
        <ScreenTitle title={t`Customer`}>
          <Trans>Customer</Trans>
        </ScreenTitle>
        <Notice tone="error">{errorText(record.failed)}</Notice>
      </>
    )
  const name = `${record.profile.firstName} ${record.profile.lastName}`.trim() || record.profile.email
  return (
    <>
      <ScreenTitle title={t`Customer ${name}`}>{name}</ScreenTitle>
      <p>
        <Trans>Opening this page was recorded in the audit log.</Trans>
      </p>
      <Profile record={record} />
      <Orders record={record} />
      <Sims record={record} />
      <Messages record={record} />
      <Consents record={record} />
    </>
  )
}

function Profile({ record }: { record: CustomerRecord }) {
  const { t } = useLingui()
  const when = useDateTime()
  const { profile } = record
  const document = profile.identityDocument
  return (
    <Card aria-labelledby="customer-profile">
      <h2 id="customer-profile">
        <Trans>Profile</Trans>
      </h2>
      <Facts>
        <dt>
          <Trans>Account number</Trans>
        </dt>
        <dd>{profile.id}</dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>
          {profile.email}
          {profile.pendingEmail && (
            <>
              {' '}
              <Trans>(changing to {profile.pendingEmail}, not yet confirmed)</Trans>
            </>
          )}
        </dd>
        <dt>
          <Trans>Mobile number</Trans>
        </dt>
        <dd>{profile.mobile || '—'}</dd>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{profile.phone || '—'}</dd>
        <dt>
          <Trans>Identity document</Trans>
        </dt>
        <dd>
          {document.type === 'passport' ? <Trans>Passport ({document.country})</Trans> : <Trans>South African ID</Trans>} {document.number}
        </dd>
        <dt>
          <Trans>Customer since</Trans>
        </dt>
        <dd>{when(profile.createdAt)}</dd>
        <dt>
          <Trans>Signs in with</Trans>
        </dt>
        <dd>{[profile.hasPassword ? t`password` : '', ...record.linkedSignIns.map((l) => l.provider)].filter(Boolean).join(', ') || '—'}</dd>
        <dt>
          <Trans>Signed in now</Trans>
        </dt>
        <dd>
          <Plural value={record.sessions.live} one="# device" other="# devices" />
          {record.sessions.live > 0 && (
            <>
              {' '}
              <Trans>(last seen {when(record.sessions.lastSeenAt)})</Trans>
            </>
          )}
        </dd>
      </Facts>
      <h3>
        <Trans>Addresses</Trans>
      </h3>
      {record.addresses.length === 0 ? (
        <p>
          <Trans>No address yet.</Trans>
        </p>
      ) : (
        <ul>
          {record.addresses.map((address, index) => (
            // Addresses have no id of their own here; their order is the order they were added.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered
            <li key={index}>
              {['unit_number', 'building_name', 'street_number', 'street_name', 'suburb', 'city', 'province', 'postal_code']
                .map((part) => address[part])
                .filter((part) => typeof part === 'string' && part !== '')
                .join(', ')}
              {address.for_rica === true && (
                <>
                  {' '}
                  <Trans>(RICA address)</Trans>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <PasswordReset customerId={profile.id} />
    </Card>
  )
}

function PasswordReset({ customerId }: { customerId: number }) {
  const member = useMember()
  const errorText = useErrorText()
  const [state, setState] = useState<'idle' | 'busy' | { sentTo: string } | { failed: unknown }>('idle')
  if (!roleCan(member.role, 'customers.reset')) return null
  const send = () => {
    setState('busy')
    sendPasswordReset(customerId).then(setState, (failed: unknown) => setState({ failed }))
  }
  return (
    <>
      <h3>
        <Trans>Password</Trans>
      </h3>
      <p>
        <Trans>Staff never set a customer's password. Send a reset link and the customer chooses one.</Trans>
      </p>
      <Button type="button" $variant="secondary" onClick={send} disabled={state === 'busy'}>
        <Trans>Send a password-reset mail</Trans>
      </Button>
      {typeof state === 'object' &&
        ('failed' in state ? (
          <Notice tone="error">{errorText(state.failed)}</Notice>
        ) : (
          <Notice tone="success">
            <Trans>A reset link is on its way to {state.sentTo}.</Trans>
          </Notice>
        ))}
    </>
  )
}

function Section({ id, title, empty, children }: { id: string; title: ReactNode; empty: ReactNode | false; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty === false ? children : <p>{empty}</p>}
    </Card>
  )
}

function Orders({ record }: { record: CustomerRecord }) {
  const { t } = useLingui()
  const money = useMoney()
  const when = useDateTime()
  return (
    <Section id="customer-orders" title={<Trans>Orders</Trans>} empty={record.orders.length === 0 && <Trans>No orders.</Trans>}>
      <TableBox label={t`Their orders`}>
        <table>
          <TableHead columns={[t`Order`, t`Placed`, t`Total`, t`Status`]} />
          <tbody>
            {record.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <StaffLink to={`/orders/${encodeURIComponent(order.number)}`}>{order.number}</StaffLink>
                </td>
                <td>{when(order.order_date)}</td>
                <td>{money(order.total_price)}</td>
                <td>{order.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <h3>
        <Trans>Payments</Trans>
      </h3>
      {record.payments.length === 0 ? (
        <p>
          <Trans>No payments.</Trans>
        </p>
      ) : (
        <ul>
          {record.payments.map((payment) => (
            <li key={payment.transaction_id}>
              {when(payment.effective_date)}: {money(payment.amount)} ({payment.brand || payment.method}, {payment.status}) — {payment.order_number}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function Sims({ record }: { record: CustomerRecord }) {
  const { t, i18n } = useLingui()
  return (
    <Section id="customer-sims" title={<Trans>SIMs</Trans>} empty={record.sims.length === 0 && <Trans>No SIMs.</Trans>}>
      <TableBox label={t`Their SIMs`}>
        <table>
          <TableHead columns={[t`Name`, t`Package`, t`Mobile number`, t`Status`]} />
          <tbody>
            {record.sims.map((sim) => (
              <tr key={sim.id}>
                <td>{sim.name}</td>
                <td>{sim.product}</td>
                <td>{sim.service_number ?? '—'}</td>
                <td>{sim.life ? i18n._(lifeText[sim.life.state]) : sim.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </Section>
  )
}

function Messages({ record }: { record: CustomerRecord }) {
  const when = useDateTime()
  return (
    <Section id="customer-messages" title={<Trans>Messages</Trans>} empty={record.messages.length === 0 && <Trans>No messages.</Trans>}>
      <ul>
        {record.messages.map((message) => (
          <li key={message.id}>
            <StaffLink to={`/messages/${message.id}`}>{message.reference}</StaffLink> ({when(message.sentAt)}): {message.preview}
          </li>
        ))}
      </ul>
    </Section>
  )
}

function Consents({ record }: { record: CustomerRecord }) {
  const when = useDateTime()
  const { consents } = record
  return (
    <Card aria-labelledby="customer-consents">
      <h2 id="customer-consents">
        <Trans>Consents and records</Trans>
      </h2>
      <ul>
        <li>
          {consents.emailVerified ? (
            <Trans>
              Email address proven {when(consents.emailVerified.at)} (by {consents.emailVerified.by ?? '—'})
            </Trans>
          ) : (
            <Trans>Email address not proven yet</Trans>
          )}
        </li>
        {consents.linkedSignIns.map((linked) => (
          <li key={linked.provider}>
            <Trans>
              Allowed sign-in with {linked.provider} since {when(linked.since)}
            </Trans>
          </li>
        ))}
        {consents.ricaRecords.map((rica) => (
          <li key={`${rica.serviceId}-${rica.recordedAt}`}>
            {rica.keptUntil ? (
              <Trans>
                RICA record of {when(rica.recordedAt)}, kept until {when(rica.keptUntil)}
              </Trans>
            ) : (
              <Trans>RICA record of {when(rica.recordedAt)}, kept while the SIM is theirs</Trans>
            )}
          </li>
        ))}
      </ul>
    </Card>
  )
}
