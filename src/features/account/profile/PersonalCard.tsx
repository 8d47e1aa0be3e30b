import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProfileEditInput } from '../../../../machines/profileEdit.machine.ts'
import type { AccountView } from '../../../domain/accountView.ts'
import { profileValuesOf } from '../../../domain/profileForm.ts'
import { Badge } from '../../../ui/Badge.tsx'
import { Button } from '../../../ui/Button.tsx'
import { Card, Muted } from '../../../ui/Page.tsx'
import { Detail, DetailList } from './DetailList.tsx'
import { IdentityDetails } from './IdentityDetails.tsx'
import { ProfileEditor } from './ProfileEditor.tsx'

interface Session {
  key: number
  input: ProfileEditInput
}

/** The last refused profile edit the customer has not put away, as the edit machine reopens it. */
function reopened(view: AccountView, putAway: ReadonlySet<string>): ProfileEditInput | null {
  const refused = view.refused.findLast((r) => r.edit.kind === 'profile' && !putAway.has(r.id))
  if (refused?.edit.kind !== 'profile') return null
  const current = profileValuesOf(view.user)
  return { current, draft: { ...current, ...refused.edit.profile }, refusal: { reason: refused.reason, field: refused.field, editId: refused.id } }
}

/** Personal Information: the details (edited ones shown at once, waiting to be sent) and Update Profile. */
export function PersonalCard({ customerId, view }: { customerId: number; view: AccountView }) {
  const { t } = useLingui()
  const { user } = view
  const [session, setSession] = useState<Session | null>(null)
  const [putAway, setPutAway] = useState<ReadonlySet<string>>(() => new Set())
  const refusal = reopened(view, putAway)

  // A refusal that came back while no edit was open (a reload, another tab's drain) brings the form back.
  useEffect(() => {
    if (!session && refusal) setSession({ key: Date.now(), input: refusal })
  }, [session, refusal])

  const start = () => setSession({ key: Date.now(), input: { current: profileValuesOf(user) } })
  const pendingEmail = user.pending_email
  const details = (
    <>
      <DetailList>
        <Detail label={<Trans>First name</Trans>} value={user.first_name} />
        <Detail label={<Trans>Last name</Trans>} value={user.last_name} />
        <IdentityDetails identity={user} />
        <Detail label={<Trans>Email</Trans>} value={user.email} />
        <Detail label={<Trans>Mobile</Trans>} value={user.mobile} />
        <Detail label={<Trans>Phone</Trans>} value={user.phone} />
      </DetailList>
      {pendingEmail && (
        <Muted role="status" className="hint">
          <Trans>Waiting for confirmation at {pendingEmail}</Trans>
        </Muted>
      )}
      <Button type="button" onClick={start}>
        <Trans>Update Profile</Trans>
      </Button>
    </>
  )
  return (
    <Card aria-label={t`Personal Information`}>
      <h2>
        <Trans>Personal Information</Trans>
        {view.profileWaiting && (
          <Badge $look="waiting">
            <Trans>Waiting to be sent</Trans>
          </Badge>
        )}
      </h2>
      {session ? (
        <ProfileEditor
          key={session.key}
          customerId={customerId}
          input={session.input}
          view={view}
          idNumber={user.id_number}
          {...(user.id_type === undefined ? {} : { idType: user.id_type })}
          {...(user.id_country === undefined ? {} : { idCountry: user.id_country })}
          onDismissed={(id) => setPutAway((ids) => new Set([...ids, id]))}
          onEnd={() => setSession(null)}
        >
          {details}
        </ProfileEditor>
      ) : (
        details
      )}
    </Card>
  )
}
