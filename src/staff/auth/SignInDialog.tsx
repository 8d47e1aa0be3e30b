import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useStaffSession } from '../session.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { Button, Notice } from '../ui/parts.tsx'
import { signInWithPasskey } from './passkeys.ts'

/** The session ended while the member worked: sign in again over the screen, which keeps what was typed. */
export function SignInDialog() {
  const { refresh, signOut } = useStaffSession()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const errorText = useErrorText()
  return (
    <Dialog title={<Trans>Your session has ended</Trans>} onCancel={() => void signOut()}>
      <p>
        <Trans>Sign in again with your passkey to carry on where you were. What you typed is still here.</Trans>
      </p>
      {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
      <div className="actions">
        <Button
          type="button"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            setError(undefined)
            signInWithPasskey()
              .then(refresh)
              .catch(setError)
              .finally(() => setBusy(false))
          }}
        >
          <Trans>Sign in with a passkey</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
