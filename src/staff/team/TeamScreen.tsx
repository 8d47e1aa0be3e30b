import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { canGrant, STAFF_ROLES, type StaffRole } from '../../domain/staff.ts'
import { isStaffLanguage, type StaffLanguage, staffLanguages } from '../i18n.ts'
import { useRoleName } from '../roles.ts'
import { useMember } from '../session.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { cancelInvite, changeRole, inviteMember, readTeam, removeMember, type Team, type TeamMember } from './teamApi.ts'

type Outcome = { tone: 'success' | 'error'; text: string } | undefined

/** /staff/team (owners): the members and their roles, the invites still open, and the invite form. */
export function TeamScreen() {
  const { t } = useLingui()
  const errorText = useErrorText()
  const [team, setTeam] = useState<Team | { failed: unknown }>()
  const [outcome, setOutcome] = useState<Outcome>()
  const load = useCallback(() => readTeam().then(setTeam, (failed: unknown) => setTeam({ failed })), [])
  useEffect(() => {
    void load()
  }, [load])
  const report = (tone: 'success' | 'error', text: string) => setOutcome({ tone, text })
  return (
    <>
      <ScreenTitle title={t`Team`}>
        <Trans>Team</Trans>
      </ScreenTitle>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      <InviteForm onInvited={load} />
      <Card aria-labelledby="team-members">
        <h2 id="team-members">
          <Trans>Members</Trans>
        </h2>
        {team === undefined ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : 'failed' in team ? (
          <Notice tone="error">{errorText(team.failed)}</Notice>
        ) : (
          <Members team={team} onChanged={load} report={report} />
        )}
      </Card>
    </>
  )
}

function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  const member = useMember()
  const roleName = useRoleName()
  const errorText = useErrorText()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('support')
  // The mail goes in the owner's language unless they choose the invitee's.
  const [language, setLanguage] = useState<StaffLanguage>(isStaffLanguage(i18n.locale) ? i18n.locale : 'en')
  const [busy, setBusy] = useState(false)
  const [link, setLink] = useState<string>()
  const [error, setError] = useState<unknown>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    setLink(undefined)
    inviteMember({ name, email, role, language })
      .then((made) => {
        setLink(made.link)
        // The form empties only once the invite is made: a refused one keeps what was typed.
        setName('')
        setEmail('')
        return onInvited()
      })
      .catch(setError)
      .finally(() => setBusy(false))
  }
  return (
    <Card aria-labelledby="team-invite">
      <h2 id="team-invite">
        <Trans>Invite someone</Trans>
      </h2>
      <form onSubmit={submit}>
        <Row>
          <Field label={t`Name`}>{(id) => <input id={id} value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />}</Field>
          <Field label={t`Email`}>
            {(id) => <input id={id} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" />}
          </Field>
          <Field label={t`Role`}>
            {(id) => (
              <select id={id} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
                {STAFF_ROLES.filter((r) => canGrant(member.role, r)).map((r) => (
                  <option key={r} value={r}>
                    {roleName(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`Language of the mail`}>
            {(id) => (
              <select id={id} value={language} onChange={(e) => isStaffLanguage(e.target.value) && setLanguage(e.target.value)}>
                {Object.entries(staffLanguages).map(([code, languageName]) => (
                  <option key={code} value={code} lang={code}>
                    {languageName}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div style={{ marginBottom: 12 }}>
            <Button type="submit" disabled={busy}>
              <Trans>Send the invite</Trans>
            </Button>
          </div>
        </Row>
      </form>
      {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
      {link && (
        <div role="status">
          <p>
            <Trans>The invite is mailed. You can also pass on its link (it works for seven days, once):</Trans>
          </p>
          <p>
            <code style={{ wordBreak: 'break-all' }}>{link}</code>
          </p>
        </div>
      )}
    </Card>
  )
}

function Members({ team, onChanged, report }: { team: Team } & TeamChange) {
  const { t } = useLingui()
  const live = team.members.filter((m) => m.removedAt === null)
  return (
    <>
      <TableBox label={t`Members of the team`}>
        <table>
          <caption className="visually-hidden">
            <Trans>Members of the team</Trans>
          </caption>
          <TableHead columns={[t`Name`, t`Email`, t`Role`, t`Last sign-in`, t`Actions`]} />
          <tbody>
            {live.map((m) => (
              <MemberRow key={m.id} member={m} onChanged={onChanged} report={report} />
            ))}
          </tbody>
        </table>
      </TableBox>
      {team.invites.length > 0 && (
        <>
          <h2>
            <Trans>Invites not yet accepted</Trans>
          </h2>
          <ul>
            {team.invites.map((invite) => (
              <InviteItem key={invite.email} invite={invite} onChanged={onChanged} report={report} />
            ))}
          </ul>
        </>
      )}
    </>
  )
}

/** What a change on the team page reports to the page, and how it reloads the team after. */
interface TeamChange {
  onChanged: () => Promise<void>
  report: (tone: 'success' | 'error', text: string) => void
}

/** Runs one change: busy while it runs, then its outcome reported (the server's refusal in the member's words) and the team read again. */
function useTeamAction({ onChanged, report }: TeamChange) {
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const act = (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    work()
      .then(() => {
        report('success', done)
        return onChanged()
      })
      .catch((error: unknown) => report('error', errorText(error)))
      .finally(() => setBusy(false))
  }
  return { busy, act }
}

/** An invitation not yet accepted, which an owner may cancel (its link then stops working). */
function InviteItem({ invite, ...change }: { invite: Team['invites'][number] } & TeamChange) {
  const { t } = useLingui()
  const me = useMember()
  const roleName = useRoleName()
  const when = useDateTime()
  const { busy, act } = useTeamAction(change)
  const cancel = () => {
    if (window.confirm(t`Cancel the invitation of ${invite.name}? Its link stops working at once.`))
      act(() => cancelInvite(invite.email), t`The invitation of ${invite.name} is cancelled.`)
  }
  return (
    <li>
      {t`${invite.name} (${invite.email}), ${roleName(invite.role)}, until ${when(invite.expiresAt)}`}{' '}
      {canGrant(me.role, invite.role) && (
        <Button type="button" $variant="secondary" disabled={busy} aria-label={t`Cancel the invitation: ${invite.name}`} onClick={cancel}>
          <Trans>Cancel</Trans>
        </Button>
      )}
    </li>
  )
}

function MemberRow({ member, ...change }: { member: TeamMember } & TeamChange) {
  const { t } = useLingui()
  const me = useMember()
  const roleName = useRoleName()
  const when = useDateTime()
  const [role, setRole] = useState<StaffRole>(member.role)
  const { busy, act } = useTeamAction(change)
  const manageable = canGrant(me.role, member.role)
  return (
    <tr>
      <th scope="row">{member.name}</th>
      <td>{member.email}</td>
      <td>
        {manageable ? (
          <>
            <label className="visually-hidden" htmlFor={`role-${member.id}`}>
              {t`Role of ${member.name}`}
            </label>
            <select id={`role-${member.id}`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {STAFF_ROLES.filter((r) => canGrant(me.role, r)).map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
          </>
        ) : (
          roleName(member.role)
        )}
      </td>
      <td>{when(member.lastSignInAt)}</td>
      <td>
        {manageable && (
          <Row>
            <Button
              type="button"
              $variant="secondary"
              disabled={busy || role === member.role}
              aria-label={t`Change role: ${member.name}`}
              onClick={() => act(() => changeRole(member.id, role), t`${member.name} is now ${roleName(role)}.`)}
            >
              <Trans>Change role</Trans>
            </Button>
            {member.id !== me.id && (
              <Button
                type="button"
                $variant="danger"
                disabled={busy}
                aria-label={t`Remove: ${member.name}`}
                onClick={() => {
                  if (window.confirm(t`Remove ${member.name} from the team? Their passkeys and sessions stop working at once.`))
                    act(() => removeMember(member.id), t`${member.name} was removed from the team.`)
                }}
              >
                <Trans>Remove</Trans>
              </Button>
            )}
          </Row>
        )}
      </td>
    </tr>
  )
}
