import * as v from 'valibot'
import type { User } from './account.ts'
import { fieldErrors, type FieldErrors } from './fieldErrors.ts'
import { EmailChangeSchema, ProfileFormSchema, type EmailChange, type Profile } from './profile.ts'

/** Update Profile's inputs in screen order; the current password is asked only when the email changes. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'current_password', 'mobile', 'phone'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

/** What the form shows and the customer types, as text. */
export interface ProfileValues {
  first_name: string
  last_name: string
  email: string
  mobile: string
  phone: string
}

export const profileValuesOf = (user: Pick<User, keyof ProfileValues>): ProfileValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  mobile: user.mobile,
  phone: user.phone,
})

/** What saving sends: the personal details when they changed, the email change when the address did; null for neither. */
export interface ProfileChanges {
  profile: Profile | null
  email: EmailChange | null
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Whether the typed email is another address than the account's (the only change that needs the current password). */
export const emailChanged = (current: ProfileValues, values: ProfileValues): boolean => !sameEmail(current.email, values.email)

/** The form's messages: the sign-up rules for every field, and the password's when the email changes. */
export function profileFormErrors(current: ProfileValues, values: ProfileValues, password: string): FieldErrors {
  const errors = fieldErrors(ProfileFormSchema, values)
  if (!emailChanged(current, values)) return errors
  const { current_password: passwordError } = fieldErrors(EmailChangeSchema, { email: values.email, current_password: password })
  return passwordError === undefined ? errors : { ...errors, current_password: passwordError }
}

/** The changes to send for valid `values`: each part only when it differs from what the account holds. */
export function profileChanges(current: ProfileValues, values: ProfileValues, password: string): ProfileChanges {
  const { email, ...typed } = v.parse(ProfileFormSchema, values)
  // The account as held may not pass today's rules (a social sign-in has no phone), so it is only trimmed.
  const changed = (Object.keys(typed) as (keyof typeof typed)[]).some((key) => typed[key] !== current[key].trim())
  return { profile: changed ? typed : null, email: emailChanged(current, values) ? { email, current_password: password } : null }
}
