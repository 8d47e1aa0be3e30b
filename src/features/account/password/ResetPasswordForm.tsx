import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { ButtonLink, Button } from '../../../ui/Button.tsx'
import { Notice } from '../../../ui/Notice.ts'
import { Spinner } from '../../../ui/Spinner.tsx'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { resetRefusalMessages } from '../../../domain/password.ts'
import { NewPasswordFields } from './NewPasswordFields.tsx'
import { usePasswordReset } from './usePasswordReset.ts'

/** /reset_password?token=…: the link is checked, then a new password (typed twice) signs the customer in; a refused link says why. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t, i18n } = useLingui()
  const actor = usePasswordReset({ token })
  const state = useSelector(actor, (s) =>
    s.matches('checking') ? 'checking' : s.matches('refused') ? 'refused' : s.matches('resetting') || s.matches('done') ? 'resetting' : 'choosing',
  )
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const serverError = useSelector(actor, (s) => s.context.serverError)
  const refusal = useSelector(actor, (s) => s.context.refusal)

  const heading = (
    <h1>
      <Trans>Choose a new password</Trans>
    </h1>
  )
  if (state === 'checking')
    return (
      <>
        {heading}
        <Spinner />
      </>
    )
  if (state === 'refused')
    return (
      <>
        <h1>
          <Trans>This link cannot be used</Trans>
        </h1>
        <Notice $tone="error" role="alert">
          {translateMessage(i18n, resetRefusalMessages[refusal ?? 'invalid'])}
        </Notice>
        <div className="actions">
          <ButtonLink to="/forgot_password">
            <Trans>Ask for a new link</Trans>
          </ButtonLink>
        </div>
      </>
    )

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'passwordReset.submit' })
    const invalid = (['password', 'confirm_password'] as const).find((field) => actor.getSnapshot().context.errors[field])
    if (invalid) document.getElementById(`reset-${invalid}`)?.focus()
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Choose a new password`}>
      {heading}
      {serverError && (
        <Notice $tone="error" role="alert">
          {translateMessage(i18n, serverError)}
        </Notice>
      )}
      <NewPasswordFields
        idPrefix="reset"
        values={values}
        errors={errors}
        onChange={(field, value) => actor.send({ type: 'passwordReset.field.set', field, value })}
      />
      <Button type="submit" disabled={state === 'resetting'} style={{ width: '100%' }}>
        {state === 'resetting' ? <Trans>Setting your password…</Trans> : <Trans>Set new password</Trans>}
      </Button>
    </form>
  )
}
