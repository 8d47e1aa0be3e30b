import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useState } from 'react'
import { staffApi } from '../api/client.ts'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row, TableBox } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'

/** One row of the audit log, as GET /api/staff/audit answers. */
export interface AuditEntry {
  id: number
  at: string
  actor: string
  action: string
  targetType: string
  targetId: string
  reason: string | null
  summary: unknown
  clientAddress: string | null
}

interface Filters {
  action: string
  actor: string
  from: string
  to: string
}
const noFilters: Filters = { action: '', actor: '', from: '', to: '' }

/** /staff/audit (owners): every staff action, newest first, filtered by action, member and day. */
export function AuditScreen() {
  const { t } = useLingui()
  const errorText = useErrorText()
  const when = useDateTime()
  const [draft, setDraft] = useState<Filters>(noFilters)
  const [filters, setFilters] = useState<Filters>(noFilters)
  const [entries, setEntries] = useState<AuditEntry[] | { failed: unknown }>()
  useEffect(() => {
    let live = true
    setEntries(undefined)
    staffApi<{ entries: AuditEntry[] }>('GET', '/audit', undefined, { ...filters }).then(
      (answer) => live && setEntries(answer.entries),
      (failed: unknown) => live && setEntries({ failed }),
    )
    return () => {
      live = false
    }
  }, [filters])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFilters(draft)
  }
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  })
  return (
    <>
      <ScreenTitle title={t`Audit log`}>
        <Trans>Audit log</Trans>
      </ScreenTitle>
      <Card aria-labelledby="audit-filters">
        <h2 id="audit-filters">
          <Trans>Filters</Trans>
        </h2>
        <form onSubmit={submit}>
          <Row>
            <Field label={t`Action`} hint={t`For example staff.role or refund.make`}>
              {(id, hint) => <input id={id} aria-describedby={hint} {...field('action')} />}
            </Field>
            <Field label={t`Staff member's email`}>{(id) => <input id={id} type="email" {...field('actor')} />}</Field>
            <Field label={t`From`}>{(id) => <input id={id} type="date" {...field('from')} />}</Field>
            <Field label={t`To`}>{(id) => <input id={id} type="date" {...field('to')} />}</Field>
            <div style={{ marginBottom: 12 }}>
              <Button type="submit">
                <Trans>Show</Trans>
              </Button>
            </div>
          </Row>
        </form>
      </Card>
      {entries === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : 'failed' in entries ? (
        <Notice tone="error">{errorText(entries.failed)}</Notice>
      ) : entries.length === 0 ? (
        <p role="status">
          <Trans>Nothing in the audit log matches these filters.</Trans>
        </p>
      ) : (
        <TableBox>
          <table>
            <caption>
              <Trans>Staff actions, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
                <th scope="col">
                  <Trans>Who</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">
                  <Trans>On what</Trans>
                </th>
                <th scope="col">
                  <Trans>Why</Trans>
                </th>
                <th scope="col">
                  <Trans>Change</Trans>
                </th>
                <th scope="col">
                  <Trans>From address</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.actor}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.targetType} {entry.targetId}
                  </td>
                  <td>{entry.reason ?? '—'}</td>
                  <td>
                    <code style={{ wordBreak: 'break-word' }}>{entry.summary == null ? '—' : JSON.stringify(entry.summary)}</code>
                  </td>
                  <td>{entry.clientAddress ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </>
  )
}
