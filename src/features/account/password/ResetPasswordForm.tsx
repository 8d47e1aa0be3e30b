import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { ButtonLink, Button } from '../../../ui/Button.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { Spinner } from '../../../ui/Spinner.tsx'
import { resetRefusalMessages } from '../../../domain/password.ts'
import { NewPasswordFields } from './NewPasswordFields.tsx'
import { usePasswordReset } from './usePasswordReset.ts'

/** /reset_password?token=…: the link is checked, then a new password (typed twice) signs the customer in; a refused link says why. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui()
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
        <FormError message={resetRefusalMessages[refusal ?? 'invalid']} />
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
      <FormError message={serverError} />
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
