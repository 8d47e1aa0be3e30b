import { useEffect, useRef, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { RESET_LINK_MINUTES } from '../../../domain/password.ts'
import { Button } from '../../../ui/Button.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { Notice } from '../../../ui/Notice.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { usePasswordReset } from './usePasswordReset.ts'

/** /forgot_password: the email to send a link to, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const { t, i18n } = useLingui()
  const actor = usePasswordReset({})
  const sent = useSelector(actor, (s) => s.matches('sent'))
  const sending = useSelector(actor, (s) => s.matches('requesting'))
  const email = useSelector(actor, (s) => s.context.values.email)
  const error = useSelector(actor, (s) => s.context.errors.email)
  const serverError = useSelector(actor, (s) => s.context.serverError)
  const answer = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (sent) answer.current?.focus()
  }, [sent])

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'passwordReset.request' })
    if (actor.getSnapshot().context.errors.email) document.getElementById('forgot-email')?.focus()
  }

  if (sent) {
    const minutes = RESET_LINK_MINUTES
    return (
      <>
        <Notice $tone="success" role="status" ref={answer} tabIndex={-1}>
          <Trans>If an account exists for that email, we sent a link to reset your password.</Trans>
        </Notice>
        <p>
          <Trans>The link works once, for {minutes} minutes. If it does not arrive in a few minutes, look in your spam folder or send another.</Trans>
        </p>
        <div className="actions">
          <Button type="button" $variant="secondary" onClick={() => actor.send({ type: 'passwordReset.again' })}>
            <Trans>Send another link</Trans>
          </Button>
        </div>
      </>
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Forgot your password?`}>
      <p>
        <Trans>Type the email of your account and we will send you a link to choose a new password.</Trans>
      </p>
      <FormError message={serverError} />
      <TextField
        id="forgot-email"
        name="email"
        type="email"
        label={<Trans>Email</Trans>}
        value={email}
        onValue={(value) => actor.send({ type: 'passwordReset.field.set', field: 'email', value })}
        error={error === undefined ? undefined : translateMessage(i18n, error)}
        autoComplete="email"
        aria-required
      />
      <Button type="submit" disabled={sending} style={{ width: '100%' }}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Send me a link</Trans>}
      </Button>
    </form>
  )
}

/** The way back to the sign-in form, under both password pages. */
export function BackToSignIn() {
  return (
    <p className="switch">
      <Link to="/login">
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  )
}
