import * as v from 'valibot'
import { SignupSchema, type Gps, type Signup } from './account.ts'

/** The inputs of the sign-up wizard, in screen order; the first invalid one gets the focus. */
export const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'id_type',
  'id_number',
  'id_country',
  'email',
  'password',
  'confirm_password',
  'phone',
  'mobile',
] as const
export type PersonalField = (typeof PERSONAL_FIELDS)[number]

/** The address inputs shared by sign-up and the delivery address, in screen order. */
export const ADDRESS_FIELDS = [
  'unit_number',
  'floor_level',
  'building_name',
  'street_number',
  'street_name',
  'suburb',
  'city',
  'province',
  'postal_code',
] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]

export type PersonalValues = Record<PersonalField, string>
export type AddressValues = Record<AddressField, string>

const blank = <K extends string>(keys: readonly K[]): Record<K, string> => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>

export const emptyPersonal = (): PersonalValues => blank(PERSONAL_FIELDS)
export const emptyAddress = (): AddressValues => blank(ADDRESS_FIELDS)

export const isPersonalField = (field: string): field is PersonalField => (PERSONAL_FIELDS as readonly string[]).includes(field)

/** South Africa's nine provinces, for the address form's choice list. */
export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const

/** The body of POST /api/v2/users: trimmed, defaults filled, the unchecked confirmation left out. */
export function toSignup(personal: PersonalValues, address: AddressValues): Signup {
  const { confirm_password: _unchecked, ...fields } = personal
  return v.parse(SignupSchema, { user: { ...fields, ricaAddress: address } })
}

/** What picking a suggestion fills in: some address fields, and the place's position when known. */
export interface AddressFill {
  fields: Partial<Record<AddressField, string>>
  gps: Gps | null
}
