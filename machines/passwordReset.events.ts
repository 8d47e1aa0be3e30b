import * as v from 'valibot'
import type { LinkAnswer, ResetAnswer } from '../src/domain/password.ts'

export type { LinkAnswer, ResetAnswer }

export const PASSWORD_RESET_FIELDS = ['email', 'password', 'confirm_password'] as const
export type PasswordResetField = (typeof PASSWORD_RESET_FIELDS)[number]

/** What the forgot-password and reset-password screens tell the machine: dotted, present tense. */
export type PasswordResetEvent =
  | { type: 'passwordReset.field.set'; field: PasswordResetField; value: string }
  /** Send me a link (the email typed). */
  | { type: 'passwordReset.request' }
  /** The link did not come: ask again with the same email. */
  | { type: 'passwordReset.again' }
  /** Set the new password (typed twice) with the link's token. */
  | { type: 'passwordReset.submit' }

/** How the machine starts: with the link's token on /reset_password, without one on /forgot_password. */
export const PasswordResetInputSchema = v.object({
  token: v.optional(v.nullable(v.string())),
  /** An email to start the form with. */
  email: v.optional(v.string()),
})
export type PasswordResetInput = v.InferOutput<typeof PasswordResetInputSchema>

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const passwordResetEventSchemas = {
  'passwordReset.field.set': v.object({ field: v.picklist(PASSWORD_RESET_FIELDS), value: v.string() }),
  'passwordReset.request': v.object({}),
  'passwordReset.again': v.object({}),
  'passwordReset.submit': v.object({}),
} satisfies Record<PasswordResetEvent['type'], v.GenericSchema>
