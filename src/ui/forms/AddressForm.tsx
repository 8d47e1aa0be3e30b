import { Trans, useLingui } from '@lingui/react/macro'
import { PROVINCES, type AddressField, type AddressValues } from '../../domain/accountForm.ts'
import type { FieldErrors } from '../../domain/fieldErrors.ts'
import { translateMessage } from '../../lib/validationMessages.ts'
import { TextField } from './TextField.tsx'

export interface AddressFormProps {
  values: AddressValues
  errors: FieldErrors
  onChange: (field: AddressField, value: string) => void
  /** Prefix of the input ids, so two address forms can share a page. */
  idPrefix?: string
}

/** The address inputs with their validation messages, shared by sign-up and the delivery address. */
export function AddressForm({ values, errors, onChange, idPrefix = 'address' }: AddressFormProps) {
  const { i18n } = useLingui()
  const field = (name: AddressField) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name],
    onValue: (value: string) => onChange(name, value),
    error: errors[name] === undefined ? undefined : translateMessage(i18n, errors[name]),
  })
  return (
    <>
      <TextField {...field('unit_number')} label={<Trans>Unit number</Trans>} optional />
      <TextField {...field('floor_level')} label={<Trans>Floor level</Trans>} optional />
      <TextField {...field('building_name')} label={<Trans>Building name</Trans>} optional />
      <TextField {...field('street_number')} label={<Trans>Street number</Trans>} aria-required />
      <TextField {...field('street_name')} label={<Trans>Street name</Trans>} autoComplete="address-line1" aria-required />
      <TextField {...field('suburb')} label={<Trans>Suburb</Trans>} autoComplete="address-level3" optional />
      <TextField {...field('city')} label={<Trans>City/Town</Trans>} autoComplete="address-level2" aria-required />
      <TextField {...field('province')} label={<Trans>Province</Trans>} autoComplete="address-level1" list={`${idPrefix}-provinces`} aria-required />
      <datalist id={`${idPrefix}-provinces`}>
        {PROVINCES.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <TextField {...field('postal_code')} label={<Trans>Postal Code</Trans>} autoComplete="postal-code" inputMode="numeric" maxLength={4} aria-required />
    </>
  )
}
