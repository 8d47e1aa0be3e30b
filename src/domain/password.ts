import * as v from 'valibot'
import { PersonalSchema, type User } from './account.ts'
import { serverMessages } from './serverMessages.ts'

/**
 * Changing and resetting a password: the bodies the server checks and the forms the app checks, with the §5
 * password rule and its messages (the sign-up's own schema entries, so the rule is written once).
 */

/** The form's own messages (the app translates them by text, src/lib/validationMessages.ts). */
export const passwordMessages = {
  currentRequired: 'Current password is required.',
  confirmDiffers: 'The passwords do not match.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
} as const

/** How long an emailed link to reset a password works. */
export const RESET_LINK_MINUTES = 30

/** A new password: the sign-up rule ("Password is required.", "Password must be at least 8 characters…"). */
export const NewPasswordSchema = PersonalSchema.entries.password

/** Body of POST /api/auth/password (signed in): the current password proves it is the customer. */
export const ChangePasswordSchema = v.object({
  current_password: v.optional(
    v.config(v.pipe(v.string(passwordMessages.currentRequired), v.nonEmpty(passwordMessages.currentRequired)), { abortPipeEarly: true }),
    '',
  ),
  password: NewPasswordSchema,
})
export type ChangePassword = v.InferOutput<typeof ChangePasswordSchema>

/** Body of POST /api/auth/password/forgot: the sign-up's email field ("Email is required.", "Invalid email address."). */
export const ForgotPasswordSchema = v.object({ email: PersonalSchema.entries.email })
export type ForgotPassword = v.InferOutput<typeof ForgotPasswordSchema>

/** The token of an emailed link (32 random bytes, base64url); one the server never made is refused as not valid (410). */
export const ResetTokenSchema = v.pipe(v.string(serverMessages.resetLinkInvalid), v.maxLength(200, serverMessages.resetLinkInvalid))

/** Body of POST /api/auth/password/reset/check: is this link still good? (asked when the page opens). */
export const CheckResetSchema = v.object({ token: ResetTokenSchema })

/** Body of POST /api/auth/password/reset: the link's token and the new password. */
export const ResetPasswordSchema = v.object({ token: ResetTokenSchema, password: NewPasswordSchema })
export type ResetPassword = v.InferOutput<typeof ResetPasswordSchema>

/** Why a link to reset a password is refused: used (or the password changed since), expired, or never sent by us. */
export const RESET_REFUSALS = ['used', 'expired', 'invalid'] as const
export type ResetRefusal = (typeof RESET_REFUSALS)[number]

export const resetRefusalMessages = {
  used: serverMessages.resetLinkUsed,
  expired: serverMessages.resetLinkExpired,
  invalid: serverMessages.resetLinkInvalid,
} as const satisfies Record<ResetRefusal, string>

/** The 410 a refused link gets: the message, and the reason for the screen to act on. */
export const ResetRefusedSchema = v.object({ error: v.string(), reason: v.picklist(RESET_REFUSALS) })

/** The server's word on a link when the page opens. */
export type LinkAnswer = { status: 'good' } | { status: 'refused'; reason: ResetRefusal }

/** The server's answer to a new password: the customer signed in, or the link refused. */
export type ResetAnswer = { status: 'reset'; user: User } | { status: 'refused'; reason: ResetRefusal }

/** The confirmation is judged once the new password keeps the rule: until then the password's own message says enough. */
const confirmed = (input: { password: string; confirm_password: string }) =>
  !v.is(NewPasswordSchema, input.password) || input.password === input.confirm_password

/** The form that sets a new password: the rule, then the confirmation typed again. */
export const NewPasswordFormSchema = v.pipe(
  v.object({ password: NewPasswordSchema, confirm_password: v.string() }),
  v.forward(v.partialCheck([['password'], ['confirm_password']], confirmed, passwordMessages.confirmDiffers), ['confirm_password']),
)

/** The change-password form: the current password, the new one and its confirmation. */
export const ChangePasswordFormSchema = v.pipe(
  v.object({ ...ChangePasswordSchema.entries, confirm_password: v.string() }),
  v.forward(v.partialCheck([['password'], ['confirm_password']], confirmed, passwordMessages.confirmDiffers), ['confirm_password']),
)
