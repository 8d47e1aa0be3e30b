import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { emailChanged, PROFILE_FIELDS, type ProfileField, type ProfileValues } from '../../../domain/profileForm.ts'
import type { FieldErrors } from '../../../domain/fieldErrors.ts'
import { Button } from '../../../ui/Button.tsx'
import { Muted } from '../../../ui/Page.tsx'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { accountMessage } from '../accountMessages.ts'
import { DetailList } from './DetailList.tsx'
import { IdentityDetails, type IdentityShown } from './IdentityDetails.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'

interface Props {
  current: ProfileValues
  values: ProfileValues
  password: string
  identity: IdentityShown
  errors: FieldErrors
  /** The refusal shown above the fields, in English (translated here). */
  refusal: string | null
  saving: boolean
  onChange: (field: ProfileField, value: string) => void
  onSave: () => void
  onCancel: () => void
}

/** Update Profile's inputs: the sign-up's fields and messages; the ID number shown, never edited (it is the RICA identity). */
export function ProfileForm({ current, values, password, identity, errors, refusal, saving, onChange, onSave, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const field = (name: ProfileField) => ({
    id: `profile-${name}`,
    name,
    value: name === 'current_password' ? password : values[name],
    onValue: (value: string) => onChange(name, value),
    error: errors[name] === undefined ? undefined : accountMessage(i18n, errors[name]),
    disabled: saving,
  })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    onSave()
  }
  const refusalShown = refusal !== null && !Object.values(errors).includes(refusal)
  return (
    <form onSubmit={submit} noValidate aria-label={t`Update Profile`}>
      {refusalShown && <FormError message={accountMessage(i18n, refusal)} />}
      <TextField {...field('first_name')} label={<Trans>First name</Trans>} autoComplete="given-name" aria-required />
      <TextField {...field('last_name')} label={<Trans>Last name</Trans>} autoComplete="family-name" aria-required />
      <DetailList>
        <IdentityDetails identity={identity} />
      </DetailList>
      <Muted className="hint">
        <Trans>Your identity document is your RICA identity: it cannot be changed here.</Trans>
      </Muted>
      <TextField {...field('email')} type="email" label={<Trans>Email</Trans>} autoComplete="email" aria-required />
      {emailChanged(current, values) && (
        <>
          <Muted className="hint">
            <Trans>To change your email, enter your current password. We send a link to the new address; your email changes once you follow it.</Trans>
          </Muted>
          <PasswordField {...field('current_password')} label={<Trans>Current password</Trans>} autoComplete="current-password" aria-required />
        </>
      )}
      <TextField {...field('mobile')} type="tel" label={<Trans>Mobile number</Trans>} inputMode="numeric" maxLength={10} optional />
      <TextField {...field('phone')} type="tel" label={<Trans>Phone number</Trans>} autoComplete="tel" inputMode="numeric" maxLength={10} aria-required />
      <div className="actions">
        <Button type="submit" disabled={saving}>
          {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </Button>
        <Button type="button" $variant="secondary" disabled={saving} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}

/** Moves the focus to the first input in screen order that has a message. */
export function focusFirstInvalid(errors: FieldErrors): void {
  const first = PROFILE_FIELDS.find((f) => errors[f] !== undefined)
  if (first) document.getElementById(`profile-${first}`)?.focus()
}
