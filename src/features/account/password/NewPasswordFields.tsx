import { Trans, useLingui } from '@lingui/react/macro'
import type { FieldErrors } from '../../../domain/fieldErrors.ts'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { StepNote } from '../AuthCard.tsx'

type NewPasswordField = 'password' | 'confirm_password'

interface Props {
  idPrefix: string
  values: Record<NewPasswordField, string>
  errors: FieldErrors
  onChange: (field: NewPasswordField, value: string) => void
}

/** A new password and its confirmation, with the rule said before the customer types. */
export function NewPasswordFields({ idPrefix, values, errors, onChange }: Props) {
  const { i18n } = useLingui()
  const field = (name: NewPasswordField) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onValue: (value: string) => onChange(name, value),
    error: errors[name] === undefined ? undefined : translateMessage(i18n, errors[name]),
    autoComplete: 'new-password',
    'aria-required': true,
  })
  return (
    <>
      <PasswordField {...field('password')} label={<Trans>New password</Trans>} />
      <StepNote>
        <Trans>At least 8 characters, with a letter, a number and a special character.</Trans>
      </StepNote>
      <PasswordField {...field('confirm_password')} label={<Trans>Confirm new password</Trans>} />
    </>
  )
}
