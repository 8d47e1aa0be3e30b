import * as v from 'valibot'

/**
 * Customer accounts: the schemas of spec §5, shared unchanged by the client, the server and the
 * machines. Messages are the exact English texts of the spec; the UI translates them by text.
 */

/** Special characters a password must include one of (spec §5: "a fixed set"). */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`'

const escapeRegex = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')

/** At least 8 characters with a letter, a digit and one of PASSWORD_SPECIALS. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[${escapeRegex(PASSWORD_SPECIALS)}]).{8,}$`,
)

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

/** Stop a field at its first failed rule, so a blank field shows only its "required" message. */
const firstIssue = { abortPipeEarly: true } as const

/** A required, trimmed text: a missing value or a blank one both read as "required". */
const required = (message: string) =>
  v.optional(v.config(v.pipe(v.string(message), v.trim(), v.nonEmpty(message)), firstIssue), '')

/** An optional, trimmed text; null or absent become '' so the output is always a string. */
const optionalText = v.nullish(v.pipe(v.string(), v.trim()), '')

const requiredMatching = (requiredMessage: string, pattern: RegExp, message: string) =>
  v.optional(
    v.config(
      v.pipe(v.string(requiredMessage), v.trim(), v.nonEmpty(requiredMessage), v.regex(pattern, message)),
      firstIssue,
    ),
    '',
  )

export const PersonalSchema = v.object({
  first_name: required(messages.firstName),
  last_name: required(messages.lastName),
  id_number: requiredMatching(messages.idRequired, /^\d{13}$/, messages.idDigits),
  email: v.optional(
    v.config(
      v.pipe(
        v.string(messages.emailRequired),
        v.trim(),
        v.nonEmpty(messages.emailRequired),
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
        v.regex(PASSWORD_PATTERN, messages.passwordRule),
      ),
      firstIssue,
    ),
    '',
  ),
  // Spec §5: the confirmation field exists but is not checked.
  confirm_password: v.optional(v.string()),
  phone: requiredMatching(messages.phoneRequired, /^\d{10}$/, messages.phoneDigits),
  mobile: v.nullish(
    v.pipe(v.string(messages.mobileDigits), v.trim(), v.regex(/^(\d{10})?$/, messages.mobileDigits)),
    '',
  ),
})
export type PersonalInput = v.InferInput<typeof PersonalSchema>
export type Personal = v.InferOutput<typeof PersonalSchema>

export const GpsSchema = v.object({ longitude: v.number(), latitude: v.number() })
export type Gps = v.InferOutput<typeof GpsSchema>

export const AddressSchema = v.object({
  unit_number: optionalText,
  floor_level: optionalText,
  building_name: optionalText,
  street_number: required(messages.streetNumber),
  street_name: required(messages.streetName),
  suburb: optionalText,
  city: required(messages.city),
  province: required(messages.province),
  postal_code: requiredMatching(messages.postalRequired, /^\d{4}$/, messages.postalDigits),
  country: v.nullish(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'South Africa'),
  gps_coordinates: v.nullish(GpsSchema, null),
  deliver_to: optionalText,
})
export type AddressInput = v.InferInput<typeof AddressSchema>
export type Address = v.InferOutput<typeof AddressSchema>

/** Body of POST /api/v2/users (spec §7). */
export const SignupSchema = v.object({
  user: v.object({ ...PersonalSchema.entries, ricaAddress: AddressSchema }),
})
export type SignupInput = v.InferInput<typeof SignupSchema>
export type Signup = v.InferOutput<typeof SignupSchema>

/** Body of POST /api/auth/login. */
export const LoginSchema = v.object({
  email: required(messages.emailRequired),
  password: v.optional(v.pipe(v.string(messages.passwordRequired), v.nonEmpty(messages.passwordRequired)), ''),
})
export type Login = v.InferOutput<typeof LoginSchema>

/** An address as stored: lenient, because a saved record is shown, not re-validated. */
const SavedAddressSchema = v.object({
  ...AddressSchema.entries,
  street_number: optionalText,
  street_name: optionalText,
  city: optionalText,
  province: optionalText,
  postal_code: optionalText,
})

/** A customer as the server returns one; social sign-ins may lack ID number and phones. */
export const UserSchema = v.object({
  id: v.number(),
  first_name: optionalText,
  last_name: optionalText,
  id_number: optionalText,
  email: v.pipe(v.string(), v.trim()),
  phone: optionalText,
  mobile: optionalText,
  addresses: v.nullish(v.array(SavedAddressSchema), []),
  orders: v.nullish(v.array(v.unknown()), []),
})
export type User = v.InferOutput<typeof UserSchema>

/** Replies of the account endpoints: `{ user }`, or `{ error }` on failure. */
export const UserReplySchema = v.object({ user: UserSchema })
export const ErrorReplySchema = v.object({ error: v.string() })
