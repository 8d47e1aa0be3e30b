import { Trans, useLingui } from '@lingui/react/macro'
import { useSearch } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { StaffLink, useStaffNavigate } from '../navigation.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { type CustomerMatch, searchCustomers } from './customersApi.ts'

/** /staff/customers?q=: find a customer by account number, email, name, mobile or SIM number, or order number. */
export function CustomersScreen() {
  const { t } = useLingui()
  const errorText = useErrorText()
  const when = useDateTime()
  const search = useSearch({ strict: false }) as { q?: unknown }
  const navigate = useStaffNavigate()
  const query = typeof search.q === 'string' ? search.q : ''
  const [draft, setDraft] = useState(query)
  const [found, setFound] = useState<CustomerMatch[] | { failed: unknown }>()
  useEffect(() => {
    setDraft(query)
    if (query.trim() === '') return setFound(undefined)
    let live = true
    setFound(undefined)
    searchCustomers(query).then(
      (answer) => live && setFound(answer.customers),
      (failed: unknown) => live && setFound({ failed }),
    )
    return () => {
      live = false
    }
  }, [query])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The query lives in the address, so Back and a reload show the same results.
    navigate(`/customers?q=${encodeURIComponent(draft.trim())}`)
  }
  return (
    <>
      <ScreenTitle title={t`Customers`}>
        <Trans>Customers</Trans>
      </ScreenTitle>
      <Card aria-labelledby="customer-search">
        <h2 id="customer-search">
          <Trans>Find a customer</Trans>
        </h2>
        <form onSubmit={submit}>
          <Row>
            <Field label={t`Email, name, mobile number or order number`}>
              {(id) => <input id={id} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} required autoComplete="off" />}
            </Field>
            <div style={{ marginBottom: 12 }}>
              <Button type="submit">
                <Trans>Search</Trans>
              </Button>
            </div>
          </Row>
        </form>
        <p>
          <Trans>Every search and every customer page you open is recorded in the audit log.</Trans>
        </p>
      </Card>
      {query.trim() !== '' &&
        (found === undefined ? (
          <p role="status">
            <Trans>Searching…</Trans>
          </p>
        ) : 'failed' in found ? (
          <Notice tone="error">{errorText(found.failed)}</Notice>
        ) : found.length === 0 ? (
          <p role="status">
            <Trans>No customer matches “{query}”.</Trans>
          </p>
        ) : (
          <TableBox label={t`Customers matching “${query}”`}>
            <table>
              <caption>
                <Trans>Customers matching “{query}”</Trans>
              </caption>
              <TableHead columns={[t`Name`, t`Email`, t`Mobile number`, t`Customer since`]} />
              <tbody>
                {found.map((customer) => (
                  <tr key={customer.id}>
                    <td>
                      <StaffLink to={`/customers/${customer.id}`}>{customer.name || customer.email}</StaffLink>
                    </td>
                    <td>{customer.email}</td>
                    <td>{customer.mobile || '—'}</td>
                    <td>{when(customer.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        ))}
    </>
  )
}
