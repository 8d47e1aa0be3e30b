import { useMemo } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PersonalField, PersonalValues } from '../../../domain/accountForm.ts'
import type { FieldErrors } from '../../../domain/fieldErrors.ts'
import type { IdType } from '../../../domain/identityDocument.ts'
import { passportCountries } from '../../../lib/countryNames.ts'
import { PasswordField } from '../../../ui/forms/PasswordField.tsx'
import { RadioGroupField } from '../../../ui/forms/RadioGroupField.tsx'
import { SelectField } from '../../../ui/forms/SelectField.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { translateMessage } from '../../../lib/validationMessages.ts'

interface Props {
  values: PersonalValues
  errors: FieldErrors
  onChange: (field: PersonalField, value: string) => void
}

/** Step 1 of sign-up: who the customer is, checked by the personal rules. */
export function PersonalStep({ values, errors, onChange }: Props) {
  const { i18n, t } = useLingui()
  const field = (name: PersonalField) => ({
    id: `signup-${name}`,
    name,
    value: values[name],
    onValue: (value: string) => onChange(name, value),
    error: errors[name] === undefined ? undefined : translateMessage(i18n, errors[name]),
  })
  // No choice made yet reads as an SA ID, as the rules read it.
  const idType: IdType = values.id_type === 'passport' ? 'passport' : 'sa_id'
  const countries = useMemo(() => [{ value: '', label: t`Choose a country` }, ...passportCountries(i18n.locale)], [i18n.locale, t])
  return (
    <>
      <TextField {...field('first_name')} label={<Trans>First name</Trans>} autoComplete="given-name" aria-required />
      <TextField {...field('last_name')} label={<Trans>Last name</Trans>} autoComplete="family-name" aria-required />
      <RadioGroupField
        id="signup-id_type"
        name="id_type"
        legend={<Trans>Identity document</Trans>}
        value={idType}
        onValue={(value) => onChange('id_type', value)}
        options={[
          { value: 'sa_id', label: <Trans>South African ID</Trans> },
          { value: 'passport', label: <Trans>Passport</Trans> },
        ]}
      />
      {idType === 'sa_id' ? (
        <TextField {...field('id_number')} key="sa_id" label={<Trans>ID number</Trans>} inputMode="numeric" maxLength={13} aria-required />
      ) : (
        <>
          <TextField {...field('id_number')} key="passport" label={<Trans>Passport number</Trans>} autoCapitalize="characters" maxLength={20} aria-required />
          <SelectField {...field('id_country')} label={<Trans>Country of issue</Trans>} options={countries} aria-required />
        </>
      )}
      <TextField {...field('email')} type="email" label={<Trans>Email</Trans>} autoComplete="email" aria-required />
      <PasswordField {...field('password')} label={<Trans>Password</Trans>} autoComplete="new-password" aria-required />
      <PasswordField {...field('confirm_password')} label={<Trans>Confirm password</Trans>} autoComplete="new-password" />
      <TextField {...field('phone')} type="tel" label={<Trans>Phone number</Trans>} autoComplete="tel" inputMode="numeric" maxLength={10} aria-required />
      <TextField {...field('mobile')} type="tel" label={<Trans>Mobile number</Trans>} inputMode="numeric" maxLength={10} optional />
    </>
  )
}
