import { useId, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { socialStartUrl } from '../../../api/account.ts'
import { removeLinkedSignIn } from '../../../api/linkedSignIns.ts'
import { linkedProviderNames, type LinkedSignIn, type LinkedSignIns } from '../../../domain/linkedSignIns.ts'
import { passwordMessages } from '../../../domain/password.ts'
import { toast } from '../../../lib/toaster.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { Button, ButtonAnchor } from '../../../ui/Button.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { Muted } from '../../../ui/Page.tsx'

interface Props {
  customerId: number
  signIn: LinkedSignIn
  /** Every linked sign-in, and whether the account has a password: what the removal asks for, and which sign-ins can start a new session. */
  signIns: LinkedSignIns
  offline: boolean
  onRemoved: (signIns: LinkedSignIns) => void
  onCancel: () => void
}

/**
 * Confirms the removal of one linked sign-in: with the current password, or, for an account without one, after a sign-in
 * in the last 10 minutes (else it offers to sign in again). Never queued: it says at once whether it worked.
 */
export function RemoveSignInForm({ customerId, signIn, signIns, offline, onRemoved, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const title = useId()
  const name = linkedProviderNames[signIn.provider]
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [signInAgain, setSignInAgain] = useState(false)
  const [busy, setBusy] = useState(false)
  const passwordId = `remove-sign-in-password-${signIn.provider}`
  const providers = [...new Set(signIns.sign_ins.map((s) => s.provider))]

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setError(null)
    setSignInAgain(false)
    if (signIns.has_password && password === '') {
      setPasswordError(passwordMessages.currentRequired)
      document.getElementById(passwordId)?.focus()
      return
    }
    if (offline) return setError(t`Removing a sign-in needs a connection. Nothing was changed: try again when you are online.`)
    setBusy(true)
    const result = await removeLinkedSignIn(customerId, {
      provider: signIn.provider,
      subject: signIn.subject,
      ...(signIns.has_password ? { current_password: password } : {}),
    })
    setBusy(false)
    if (result.kind === 'removed') {
      toast.success(t`The ${name} sign-in was removed. It no longer opens your account.`)
      return onRemoved(result.signIns)
    }
    if (result.kind === 'no-answer') return setError(t`No connection: the ${name} sign-in was not removed. Try again when you are online.`)
    if (result.reason === 'password') {
      setPasswordError(result.error)
      document.getElementById(passwordId)?.focus()
      return
    }
    setSignInAgain(result.reason === 'sign_in_again')
    setError(result.error || t`The sign-in could not be removed. Please try again.`)
  }

  return (
    <form aria-labelledby={title} onSubmit={(e) => void submit(e)} noValidate style={{ marginTop: 16 }}>
      <h3 id={title}>
        <Trans>Remove the {name} sign-in</Trans>
      </h3>
      <FormError message={error} />
      {signInAgain && (
        <div className="actions" style={{ marginBottom: 12 }}>
          {providers.map((provider) => {
            const again = linkedProviderNames[provider]
            return (
              <ButtonAnchor key={provider} $variant="secondary" href={socialStartUrl(provider, '/profile')}>
                <Trans>Sign in again with {again}</Trans>
              </ButtonAnchor>
            )
          })}
        </div>
      )}
      {signIns.has_password ? (
        <PasswordField
          id={passwordId}
          name="current_password"
          label={<Trans>Current password</Trans>}
          value={password}
          onValue={(value) => {
            setPassword(value)
            setPasswordError(null)
          }}
          error={passwordError === null ? undefined : translateMessage(i18n, passwordError)}
          autoComplete="current-password"
          aria-required
          autoFocus
        />
      ) : (
        <Muted style={{ marginBottom: 12 }}>
          <Trans>Your account has no password, so removing a sign-in needs a sign-in on this device in the last 10 minutes.</Trans>
        </Muted>
      )}
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? <Trans>Removing…</Trans> : <Trans>Remove sign-in</Trans>}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
