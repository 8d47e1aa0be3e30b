import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useStaffNavigate } from '../navigation.tsx'
import { useRoleName } from '../roles.ts'
import { useStaffSession } from '../session.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { Button, Card, Notice } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { acceptInvite, type InviteDetails, readInvite } from './passkeys.ts'

/** /staff/invite/$token: who is invited, and the button that makes their passkey (and so their account). */
export function InviteScreen() {
  const { t } = useLingui()
  const { token } = useParams({ strict: false }) as { token: string }
  const { refresh } = useStaffSession()
  const navigate = useStaffNavigate()
  const roleName = useRoleName()
  const errorText = useErrorText()
  const [invite, setInvite] = useState<InviteDetails | 'loading' | { failed: unknown }>('loading')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  useEffect(() => {
    readInvite(token).then(setInvite, (failed: unknown) => setInvite({ failed }))
  }, [token])
  return (
    <Card style={{ maxWidth: 560 }}>
      <ScreenTitle title={t`Accept your invite`}>
        <Trans>Accept your invite</Trans>
      </ScreenTitle>
      {invite === 'loading' ? (
        <p role="status">
          <Trans>Reading your invite…</Trans>
        </p>
      ) : 'failed' in invite ? (
        <Notice tone="error">
          <Trans>This invite cannot be used: it is unknown, already used or expired. Ask an owner for a new one.</Trans>
        </Notice>
      ) : (
        <>
          <dl>
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{invite.name}</dd>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{invite.email}</dd>
            <dt>
              <Trans>Role</Trans>
            </dt>
            <dd>{roleName(invite.role)}</dd>
          </dl>
          <p>
            <Trans>You sign in to the back office with a passkey, never a password. Create it now on this computer, a security key or your phone.</Trans>
          </p>
          {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
          <Button
            type="button"
            disabled={busy}
            onClick={() => {
              setBusy(true)
              setError(undefined)
              acceptInvite(token)
                .then(refresh)
                .then(() => navigate('/', { replace: true }))
                .catch(setError)
                .finally(() => setBusy(false))
            }}
          >
            <Trans>Create my passkey</Trans>
          </Button>
        </>
      )}
    </Card>
  )
}
