import { useRef, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { changePassword } from '../../../api/password.ts'
import { ApiError } from '../../../api/client.ts'
import { fieldErrors, type FieldErrors } from '../../../domain/fieldErrors.ts'
import { ChangePasswordFormSchema, passwordMessages } from '../../../domain/password.ts'
import { Button } from '../../../ui/Button.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { Card, Muted } from '../../../ui/Page.tsx'
import { toast } from '../../../lib/toaster.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { NewPasswordFields } from './NewPasswordFields.tsx'

const FIELDS = ['current_password', 'password', 'confirm_password'] as const
type Field = (typeof FIELDS)[number]
const empty: Record<Field, string> = { current_password: '', password: '', confirm_password: '' }

/** What a refused change means for the form: a message under a field, or one above the form. */
function placeOfRefusal(e: unknown): { field: Field; message: string } | { message: string } {
  if (!(e instanceof ApiError) || e.status === undefined) return { message: passwordMessages.unreachable }
  if (e.status === 403) return { field: 'current_password', message: e.message }
  return { message: e.message }
}

/** On /profile: change the password (the current one, the new one twice); other devices are signed out. */
export function ChangePasswordCard({ offline }: { offline: boolean }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _fixed, ...rest }) => rest)
  }
  const close = () => {
    setOpen(false)
    setValues(empty)
    setErrors({})
    setServerError(null)
    requestAnimationFrame(() => opener.current?.focus())
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const found = fieldErrors(ChangePasswordFormSchema, values)
    setErrors(found)
    setServerError(null)
    const invalid = FIELDS.find((field) => found[field])
    if (invalid) {
      document.getElementById(`change-${invalid}`)?.focus()
      return
    }
    setBusy(true)
    try {
      await changePassword({ current_password: values.current_password, password: values.password })
      toast.success(t`Your password has been changed. Other devices signed in to your account have been signed out.`)
      close()
    } catch (error) {
      const refusal = placeOfRefusal(error)
      if ('field' in refusal) {
        setErrors({ [refusal.field]: refusal.message })
        document.getElementById(`change-${refusal.field}`)?.focus()
      } else setServerError(refusal.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card aria-label={t`Password`}>
      <h2>
        <Trans>Password</Trans>
      </h2>
      {!open ? (
        <>
          <Muted style={{ marginBottom: 16 }}>
            <Trans>Changing your password signs out every other device signed in to your account.</Trans>
          </Muted>
          <Button type="button" ref={opener} disabled={offline} onClick={() => setOpen(true)}>
            <Trans>Change password</Trans>
          </Button>
          {offline && (
            <Muted style={{ marginTop: 8 }}>
              <Trans>Changing your password needs a connection.</Trans>
            </Muted>
          )}
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Change password`}>
          <FormError message={serverError} />
          <PasswordField
            id="change-current_password"
            name="current_password"
            label={<Trans>Current password</Trans>}
            value={values.current_password}
            onValue={(value) => set('current_password', value)}
            error={errors.current_password === undefined ? undefined : translateMessage(i18n, errors.current_password)}
            autoComplete="current-password"
            aria-required
            autoFocus
          />
          <NewPasswordFields idPrefix="change" values={values} errors={errors} onChange={set} />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
            <Button type="submit" disabled={busy}>
              {busy ? <Trans>Saving…</Trans> : <Trans>Save new password</Trans>}
            </Button>
            <Button type="button" $variant="secondary" disabled={busy} onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
    </Card>
  )
}
