import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useState } from 'react'
import type { AuditEntry } from '../../domain/staffAudit.ts'
import { staffApi } from '../api/client.ts'
import { readTeam, type TeamMember } from '../team/teamApi.ts'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'

interface Filters {
  staffId: string
  action: string
  targetType: string
  targetId: string
  from: string
  to: string
}
const noFilters: Filters = { staffId: '', action: '', targetType: '', targetId: '', from: '', to: '' }

type Page = { entries: AuditEntry[]; next: string | null }

/** /staff/audit (owners): every staff action, newest first, filtered by member, action, target and day, a page at a time. */
export function AuditScreen() {
  const { t } = useLingui()
  const errorText = useErrorText()
  const [members, setMembers] = useState<TeamMember[]>([])
  const [draft, setDraft] = useState<Filters>(noFilters)
  const [filters, setFilters] = useState<Filters>(noFilters)
  const [entries, setEntries] = useState<AuditEntry[]>()
  const [next, setNext] = useState<string | null>(null)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)

  const read = (shown: Filters, before?: string) =>
    staffApi<Page>('GET', '/audit', undefined, { ...shown, before }).then(
      (page) => {
        setEntries((now) => (before ? [...(now ?? []), ...page.entries] : page.entries))
        setNext(page.next)
        setError(undefined)
      },
      (failed: unknown) => setError(failed),
    )

  useEffect(() => {
    readTeam().then(
      (team) => setMembers(team.members),
      () => undefined,
    )
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of the log for each filter applied
  useEffect(() => {
    setEntries(undefined)
    void read(filters)
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
            <Field label={t`Staff member`}>
              {(id) => (
                <select id={id} {...field('staffId')}>
                  <option value="">{t`Everyone`}</option>
                  {members.map((member) => (
                    <option key={member.id} value={String(member.id)}>
                      {member.name} ({member.email})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t`Action`} hint={t`For example staff.role or refund.make`}>
              {(id, hint) => <input id={id} aria-describedby={hint} {...field('action')} />}
            </Field>
            <Field label={t`On what`} hint={t`For example staff, order or refund`}>
              {(id, hint) => <input id={id} aria-describedby={hint} {...field('targetType')} />}
            </Field>
            <Field label={t`Its number`}>{(id) => <input id={id} {...field('targetId')} />}</Field>
            <Field label={t`From`}>{(id) => <input id={id} type="date" {...field('from')} />}</Field>
            <Field label={t`Before`}>{(id) => <input id={id} type="date" {...field('to')} />}</Field>
            <div style={{ marginBottom: 12 }}>
              <Button type="submit">
                <Trans>Show</Trans>
              </Button>
            </div>
          </Row>
        </form>
      </Card>
      {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
      {entries === undefined ? (
        error === undefined && (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        )
      ) : entries.length === 0 ? (
        <p role="status">
          <Trans>Nothing in the audit log matches these filters.</Trans>
        </p>
      ) : (
        <>
          <AuditTable entries={entries} />
          {next && (
            <Button
              type="button"
              $variant="secondary"
              disabled={busy}
              onClick={() => {
                setBusy(true)
                void read(filters, next).finally(() => setBusy(false))
              }}
            >
              <Trans>Show older entries</Trans>
            </Button>
          )}
        </>
      )}
    </>
  )
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useLingui()
  const when = useDateTime()
  return (
    <TableBox label={t`Staff actions, newest first`}>
      <table>
        <caption>
          <Trans>Staff actions, newest first</Trans>
        </caption>
        <TableHead columns={[t`When`, t`Who`, t`Action`, t`On what`, t`Why`, t`Change`, t`From address`]} />
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
                <code style={{ wordBreak: 'break-word' }}>{Object.keys(entry.summary).length === 0 ? '—' : JSON.stringify(entry.summary)}</code>
              </td>
              <td>{entry.clientAddress}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  )
}
