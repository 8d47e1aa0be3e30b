import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useStaffNavigate } from '../navigation.tsx'
import { useStaffSession } from '../session.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { Button, Card, Notice } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { signInWithPasskey } from './passkeys.ts'

/** Where the member came from (a staff path only), to go back there once signed in. */
function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get('next') ?? ''
  return /^\/staff(\/[^/]|$)/.test(next) && !next.startsWith('/staff/sign-in') ? next.slice('/staff'.length) || '/' : '/'
}

/** /staff/sign-in: one button; the browser offers the passkeys it holds for this site. */
export function SignInScreen() {
  const { t } = useLingui()
  const { refresh } = useStaffSession()
  const navigate = useStaffNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const errorText = useErrorText()
  return (
    <Card aria-labelledby="staff-sign-in-title" style={{ maxWidth: 520 }}>
      <ScreenTitle title={t`Sign in`}>
        <span id="staff-sign-in-title">
          <Trans>Sign in to the back office</Trans>
        </span>
      </ScreenTitle>
      <p>
        <Trans>Staff sign in with the passkey they made when they accepted their invite: on this computer, a security key or a phone.</Trans>
      </p>
      {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
      <Button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          setError(undefined)
          signInWithPasskey()
            .then(refresh)
            .then(() => navigate(nextPath(), { replace: true }))
            .catch(setError)
            .finally(() => setBusy(false))
        }}
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
    </Card>
  )
}
