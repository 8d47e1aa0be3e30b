import { useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignInFailure } from '../../../../machines/auth.events.ts'
import { Button } from '../../../ui/Button.tsx'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { toast } from '../../../lib/toaster.ts'
import { useInlineError } from '../../../ui/forms/useInlineError.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { useAuth } from '../../../lib/sessionStore.ts'
import { useLeaveWhenSignedIn } from './useLeaveWhenSignedIn.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'

/**
 * Email and password, both required by the form; success goes to `redirect`, else /profile. A customer already
 * signed in (known once the session is) goes there without the form; so does one signed in from a social return.
 */
export function LoginForm({ redirect, socialReturn = false }: { redirect?: string | undefined; socialReturn?: boolean }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const { signIn } = useAuth()
  const failure = useInlineError()
  useLeaveWhenSignedIn(redirect, busy || socialReturn)

  const describe = (failure: SignInFailure): string => {
    if (failure.status === 401) return t`Incorrect Username or Password. Please try again.`
    if (failure.status === undefined) return t`Could not reach the server. Check your connection and try again.`
    return translateMessage(i18n, failure.message)
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setBusy(true)
    failure.clear()
    const result = await signIn({ email: email.trim(), password })
    if ('failure' in result) {
      setBusy(false)
      failure.fail(describe(result.failure))
      return
    }
    toast.success(t`Logged in successfully!`)
    // Still busy: the page's own move (useLeaveWhenSignedIn) waits, so the customer moves on once, from here.
    await (redirect ? navigate({ href: redirect }) : navigate({ to: '/profile' }))
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t`Sign in with email`}>
      <FormError message={failure.error} announced />
      <TextField id="login-email" name="email" type="email" label={<Trans>Email</Trans>} value={email} onValue={setEmail} autoComplete="email" required />
      <PasswordField
        id="login-password"
        name="password"
        label={<Trans>Password</Trans>}
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={busy} style={{ width: '100%' }}>
        {busy ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
      </Button>
    </form>
  )
}
