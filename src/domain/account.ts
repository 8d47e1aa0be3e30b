import * as v from 'valibot'
import { ID_TYPES, type IdType, isCountryCode, isSaIdNumber, PASSPORT_PATTERN, SOUTH_AFRICA } from './identityDocument.ts'
import { hasBidiControl, MAX_EMAIL_LENGTH, MAX_FIELD_LENGTH, storableText } from './storable.ts'

/**
 * Customer accounts: the sign-up and address schemas, shared unchanged by the client, the server and the
 * machines. Messages are the exact English texts customers see; the UI translates them by text.
 */

/** Special characters a password must include one of (a fixed set). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`'

const escapeRegex = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')

/** At least 8 characters with a letter, a digit and one of PASSWORD_SPECIALS. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${escapeRegex(PASSWORD_SPECIALS)}]).{8,}$`)

export const messages = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  idRequired: 'ID number is required.',
  idDigits: 'ID number must be 13 digits.',
  idInvalid: 'ID number is not a valid South African ID number: check the date of birth and the last digit.',
  idType: 'Choose South African ID or Passport.',
  passportRequired: 'Passport number is required.',
  passportShape: 'Passport number must be 6 to 20 letters or digits.',
  countryRequired: 'Country of issue is required.',
  countryUnknown: 'Country of issue is not a known country.',
  countrySouthAfrica: 'As a South African citizen, register with your South African ID number, not a passport.',
  emailRequired: 'Email is required.',
  emailShape: 'Invalid email address.',
  passwordRequired: 'Password is required.',
  passwordRule: 'Password must be at least 8 characters, include a number, and a special character.',
  phoneRequired: 'Phone number is required.',
  phoneDigits: 'Phone number must be 10 digits.',
  mobileDigits: 'Mobile number must be 10 digits.',
  streetName: 'Street name is required.',
  streetNumber: 'Street number is required.',
  city: 'City/Town name is required.',
  postalRequired: 'Postal Code is required.',
  postalDigits: 'Invalid Postal Code.',
  province: 'Province is required.',
} as const

/** A field holding characters PostgreSQL cannot store (U+0000, half a surrogate pair), by field name. */
export const unsavableMessages = {
  first_name: 'First name contains characters that cannot be saved.',
  last_name: 'Last name contains characters that cannot be saved.',
  email: 'Email contains characters that cannot be saved.',
  password: 'Password contains characters that cannot be saved.',
  unit_number: 'Unit number contains characters that cannot be saved.',
  floor_level: 'Floor level contains characters that cannot be saved.',
  building_name: 'Building name contains characters that cannot be saved.',
  street_number: 'Street number contains characters that cannot be saved.',
  street_name: 'Street name contains characters that cannot be saved.',
  suburb: 'Suburb contains characters that cannot be saved.',
  city: 'City/Town contains characters that cannot be saved.',
  province: 'Province contains characters that cannot be saved.',
  country: 'Country contains characters that cannot be saved.',
  deliver_to: 'Deliver to contains characters that cannot be saved.',
} as const

/** A field longer than MAX_FIELD_LENGTH, by field name. */
export const tooLongMessages = {
  first_name: 'First name must be at most 100 characters.',
  last_name: 'Last name must be at most 100 characters.',
  unit_number: 'Unit number must be at most 100 characters.',
  floor_level: 'Floor level must be at most 100 characters.',
  building_name: 'Building name must be at most 100 characters.',
  street_number: 'Street number must be at most 100 characters.',
  street_name: 'Street name must be at most 100 characters.',
  suburb: 'Suburb must be at most 100 characters.',
  city: 'City/Town must be at most 100 characters.',
  province: 'Province must be at most 100 characters.',
  country: 'Country must be at most 100 characters.',
  deliver_to: 'Deliver to must be at most 100 characters.',
} as const

/** A name holding a character that reverses or isolates the text around it (U+202A-U+202E, U+2066-U+2069), by field name. */
export const bidiMessages = {
  first_name: 'First name cannot contain text direction control characters.',
  last_name: 'Last name cannot contain text direction control characters.',
  building_name: 'Building name cannot contain text direction control characters.',
  street_name: 'Street name cannot contain text direction control characters.',
} as const

type Field = keyof typeof tooLongMessages

/** At most MAX_FIELD_LENGTH characters, with the field's message. */
const lengthRule = (field: Field) => v.maxLength<string, typeof MAX_FIELD_LENGTH, string>(MAX_FIELD_LENGTH, tooLongMessages[field])

/** A name refuses text direction controls; any other field lets them be (a note may quote one). */
const directionRule = (field: Field) => {
  const message: string | undefined = (bidiMessages as Partial<Record<Field, string>>)[field]
  return v.check<string, string>((text) => message === undefined || !hasBidiControl(text), message ?? '')
}

/** What the server's request edge answers for such a field; digit fields refuse it by their own pattern already. */
export const unstorableFieldMessages: Readonly<Record<string, string>> = {
  ...unsavableMessages,
  id_number: messages.idDigits,
  phone: messages.phoneDigits,
  mobile: messages.mobileDigits,
  postal_code: messages.postalDigits,
}

/** Stop a field at its first failed rule, so a blank field shows only its "required" message. */
const firstIssue = { abortPipeEarly: true } as const

/** A required, trimmed text of at most MAX_FIELD_LENGTH: a missing value or a blank one both read as "required". */
const required = (message: string, field: Field & keyof typeof unsavableMessages) =>
  v.optional(
    v.config(
      v.pipe(v.string(message), v.trim(), v.nonEmpty(message), lengthRule(field), directionRule(field), storableText(unsavableMessages[field])),
      firstIssue,
    ),
    '',
  )

/** An optional, trimmed text of at most MAX_FIELD_LENGTH; null or absent become '' so the output is always a string. */
const optionalText = (field: Field & keyof typeof unsavableMessages) =>
  v.nullish(v.config(v.pipe(v.string(), v.trim(), lengthRule(field), directionRule(field), storableText(unsavableMessages[field])), firstIssue), '')

/** The same as stored and returned: never re-checked, because a saved record is shown, not refused. */
const savedText = v.nullish(v.pipe(v.string(), v.trim()), '')

const requiredMatching = (requiredMessage: string, pattern: RegExp, message: string) =>
  v.optional(v.config(v.pipe(v.string(requiredMessage), v.trim(), v.nonEmpty(requiredMessage), v.regex(pattern, message)), firstIssue), '')

/** An email as typed, before its shape is checked: sign-up checks the shape, sign-in leaves that to the server. */
const typedEmail = v.pipe(
  v.string(messages.emailRequired),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  storableText(unsavableMessages.email),
  v.maxLength(MAX_EMAIL_LENGTH, messages.emailShape),
)

/** The identity document's fields as typed; identityRules checks them together, since the number's rule depends on the type. */
const identityEntries = {
  // A blank choice reads as the default, as a missing one does (the wizard starts with none made).
  id_type: v.optional(
    v.pipe(
      v.picklist([...ID_TYPES, ''], messages.idType),
      v.transform((type): IdType => (type === '' ? 'sa_id' : type)),
    ),
    'sa_id',
  ),
  id_number: v.optional(v.pipe(v.string(messages.idRequired), v.trim(), v.toUpperCase()), ''),
  /** ISO 3166-1 alpha-2 of the passport's issuing country; ignored for an SA ID. */
  id_country: v.nullish(v.pipe(v.string(messages.countryUnknown), v.trim(), v.toUpperCase()), ''),
}
interface Identity {
  id_type: IdType
  id_number: string
  id_country: string
}

/** The first problem of the number, for its type; undefined when it is valid. */
function idNumberProblem({ id_type, id_number }: Identity): string | undefined {
  if (id_type === 'passport') return id_number === '' ? messages.passportRequired : PASSPORT_PATTERN.test(id_number) ? undefined : messages.passportShape
  if (id_number === '') return messages.idRequired
  if (!/^\d{13}$/.test(id_number)) return messages.idDigits
  return isSaIdNumber(id_number) ? undefined : messages.idInvalid
}

/** The issuing country's problem: a passport needs a known country that is not South Africa. */
function idCountryProblem({ id_type, id_country }: Identity): string | undefined {
  if (id_type !== 'passport') return undefined
  if (id_country === '') return messages.countryRequired
  if (!isCountryCode(id_country)) return messages.countryUnknown
  return id_country === SOUTH_AFRICA ? messages.countrySouthAfrica : undefined
}

/** The identity document's rules, reported on id_number and id_country as a field's own rules are. */
const identityRules = <T extends Identity>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const identity = dataset.value
    for (const [key, message] of [
      ['id_number', idNumberProblem(identity)],
      ['id_country', idCountryProblem(identity)],
    ] as const) {
      if (message !== undefined)
        addIssue({ message, path: [{ type: 'object', origin: 'value', input: identity as unknown as Record<string, unknown>, key, value: identity[key] }] })
    }
  })

const personalEntries = {
  first_name: required(messages.firstName, 'first_name'),
  last_name: required(messages.lastName, 'last_name'),
  ...identityEntries,
  email: v.optional(v.config(v.pipe(typedEmail, v.email(messages.emailShape)), firstIssue), ''),
  // Not trimmed: spaces are legitimate password characters.
  password: v.optional(
    v.config(
      v.pipe(
        v.string(messages.passwordRequired),
        v.nonEmpty(messages.passwordRequired),
        storableText(unsavableMessages.password),
        v.regex(PASSWORD_PATTERN, messages.passwordRule),
      ),
      firstIssue,
    ),
    '',
  ),
  // The confirmation field exists but is not checked.
  confirm_password: v.optional(v.string()),
  phone: requiredMatching(messages.phoneRequired, /^\d{10}$/, messages.phoneDigits),
  mobile: v.nullish(v.pipe(v.string(messages.mobileDigits), v.trim(), v.regex(/^(\d{10})?$/, messages.mobileDigits)), ''),
}
export const PersonalSchema = v.pipe(v.object(personalEntries), identityRules())
export type PersonalInput = v.InferInput<typeof PersonalSchema>
export type Personal = v.InferOutput<typeof PersonalSchema>

// Finite and on the globe: JSON.parse reads 1e999 as Infinity, which a double column would keep.
export const GpsSchema = v.object({
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
})
export type Gps = v.InferOutput<typeof GpsSchema>

export const AddressSchema = v.object({
  unit_number: optionalText('unit_number'),
  floor_level: optionalText('floor_level'),
  building_name: optionalText('building_name'),
  street_number: required(messages.streetNumber, 'street_number'),
  street_name: required(messages.streetName, 'street_name'),
  suburb: optionalText('suburb'),
  city: required(messages.city, 'city'),
  province: required(messages.province, 'province'),
  postal_code: requiredMatching(messages.postalRequired, /^\d{4}$/, messages.postalDigits),
  country: v.nullish(
    v.config(v.pipe(v.string(), v.trim(), v.nonEmpty(), lengthRule('country'), storableText(unsavableMessages.country)), firstIssue),
    'South Africa',
  ),
  gps_coordinates: v.nullish(GpsSchema, null),
  deliver_to: optionalText('deliver_to'),
})
export type AddressInput = v.InferInput<typeof AddressSchema>
export type Address = v.InferOutput<typeof AddressSchema>

/** Body of POST /api/v2/users. */
export const SignupSchema = v.object({
  user: v.pipe(
    v.object({ ...personalEntries, ricaAddress: AddressSchema }),
    identityRules(),
    // A passport names itself and its country; an SA ID, the default, is sent and read without either.
    v.transform(({ id_type, id_country, ...user }) => (id_type === 'passport' ? { ...user, id_type, id_country } : user)),
  ),
})
export type SignupInput = v.InferInput<typeof SignupSchema>
export type Signup = v.InferOutput<typeof SignupSchema>

/** Body of POST /api/auth/login. */
export const LoginSchema = v.object({
  email: v.optional(v.config(typedEmail, firstIssue), ''),
  password: v.optional(
    v.config(v.pipe(v.string(messages.passwordRequired), v.nonEmpty(messages.passwordRequired), storableText(unsavableMessages.password)), firstIssue),
    '',
  ),
})
export type Login = v.InferOutput<typeof LoginSchema>

/** An address as stored: lenient, because a saved record is shown, not re-validated. */
export const SavedAddressSchema = v.object({
  /** The id the device (or the server, for older ones) gave it: edits name it, also before the server has it. */
  id: v.optional(v.string()),
  /** The one address deliveries go to unless the customer picks another. */
  is_default: v.optional(v.boolean()),
  unit_number: savedText,
  floor_level: savedText,
  building_name: savedText,
  street_number: savedText,
  street_name: savedText,
  suburb: savedText,
  city: savedText,
  province: savedText,
  postal_code: savedText,
  country: v.nullish(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'South Africa'),
  gps_coordinates: v.nullish(v.object({ longitude: v.number(), latitude: v.number() }), null),
  deliver_to: savedText,
})

/** A customer as the server returns one; social sign-ins may lack ID number and phones. */
export const UserSchema = v.object({
  id: v.number(),
  first_name: savedText,
  last_name: savedText,
  /** The identity document the ID number is of: given for a passport, absent for an SA ID (the default). */
  id_type: v.optional(v.picklist(ID_TYPES)),
  /** Masked (its last 4 characters only): the number itself stays sealed on the server. */
  id_number: savedText,
  /** The passport's issuing country (ISO 3166-1 alpha-2); absent or '' for an SA ID. */
  id_country: v.optional(v.string()),
  email: v.pipe(v.string(), v.trim()),
  phone: savedText,
  mobile: savedText,
  addresses: v.nullish(v.array(SavedAddressSchema), []),
  orders: v.nullish(v.array(v.unknown()), []),
  /** A new email waiting for its confirmation link; the account keeps `email` until then. */
  pending_email: v.optional(v.string()),
})
export type SavedAddress = v.InferOutput<typeof SavedAddressSchema>
export type User = v.InferOutput<typeof UserSchema>

/** Replies of the account endpoints: `{ user }`, or `{ error }` on failure. */
export const UserReplySchema = v.object({ user: UserSchema })
export const ErrorReplySchema = v.object({ error: v.string() })
