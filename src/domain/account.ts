import * as v from 'valibot'
import { MAX_EMAIL_LENGTH, storableText } from './storable.ts'

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

/** A required, trimmed text: a missing value or a blank one both read as "required". */
const required = (message: string, unsavable: string) =>
  v.optional(v.config(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), storableText(unsavable)), firstIssue), '')

/** An optional, trimmed text; null or absent become '' so the output is always a string. */
const optionalText = (unsavable: string) => v.nullish(v.pipe(v.string(), v.trim(), storableText(unsavable)), '')

/** The same as stored and returned: never re-checked, because a saved record is shown, not refused. */
const savedText = v.nullish(v.pipe(v.string(), v.trim()), '')

const requiredMatching = (requiredMessage: string, pattern: RegExp, message: string) =>
  v.optional(v.config(v.pipe(v.string(requiredMessage), v.trim(), v.nonEmpty(requiredMessage), v.regex(pattern, message)), firstIssue), '')

export const PersonalSchema = v.object({
  first_name: required(messages.firstName, unsavableMessages.first_name),
  last_name: required(messages.lastName, unsavableMessages.last_name),
  id_number: requiredMatching(messages.idRequired, /^\d{13}$/, messages.idDigits),
  email: v.optional(
    v.config(
      v.pipe(
        v.string(messages.emailRequired),
        v.trim(),
        v.nonEmpty(messages.emailRequired),
        storableText(unsavableMessages.email),
        v.maxLength(MAX_EMAIL_LENGTH, messages.emailShape),
        v.email(messages.emailShape),
      ),
      firstIssue,
    ),
    '',
  ),
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
})
export type PersonalInput = v.InferInput<typeof PersonalSchema>
export type Personal = v.InferOutput<typeof PersonalSchema>

// Finite and on the globe: JSON.parse reads 1e999 as Infinity, which a double column would keep.
export const GpsSchema = v.object({
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
})
export type Gps = v.InferOutput<typeof GpsSchema>

export const AddressSchema = v.object({
  unit_number: optionalText(unsavableMessages.unit_number),
  floor_level: optionalText(unsavableMessages.floor_level),
  building_name: optionalText(unsavableMessages.building_name),
  street_number: required(messages.streetNumber, unsavableMessages.street_number),
  street_name: required(messages.streetName, unsavableMessages.street_name),
  suburb: optionalText(unsavableMessages.suburb),
  city: required(messages.city, unsavableMessages.city),
  province: required(messages.province, unsavableMessages.province),
  postal_code: requiredMatching(messages.postalRequired, /^\d{4}$/, messages.postalDigits),
  country: v.nullish(v.pipe(v.string(), v.trim(), v.nonEmpty(), storableText(unsavableMessages.country)), 'South Africa'),
  gps_coordinates: v.nullish(GpsSchema, null),
  deliver_to: optionalText(unsavableMessages.deliver_to),
})
export type AddressInput = v.InferInput<typeof AddressSchema>
export type Address = v.InferOutput<typeof AddressSchema>

/** Body of POST /api/v2/users. */
export const SignupSchema = v.object({
  user: v.object({ ...PersonalSchema.entries, ricaAddress: AddressSchema }),
})
export type SignupInput = v.InferInput<typeof SignupSchema>
export type Signup = v.InferOutput<typeof SignupSchema>

/** Body of POST /api/auth/login. */
export const LoginSchema = v.object({
  email: v.optional(
    v.config(
      v.pipe(
        v.string(messages.emailRequired),
        v.trim(),
        v.nonEmpty(messages.emailRequired),
        storableText(unsavableMessages.email),
        v.maxLength(MAX_EMAIL_LENGTH, messages.emailShape),
      ),
      firstIssue,
    ),
    '',
  ),
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
  id_number: savedText,
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
