import type { Language } from '../../src/domain/languageCodes.ts'
import { storedLanguage } from './accountLanguage.ts'
import { RESET_LINK_MINUTES } from '../../src/domain/password.ts'
import type { Queryable } from '../db/types.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { passwordResetMail } from '../mail/templates/passwordReset.ts'
import { createPasswordReset } from './passwordResets.ts'

export interface ResetRequest {
  email: string
  /** The app's origin the link opens (server/mail/linkOrigin.ts). */
  origin: string
}

/**
 * Makes a new link for the account of that email and queues its mail, both in `tx`: the link exists exactly when its
 * mail does. Does nothing for an email without an account (the answer is the same). The mail speaks the account's
 * language, whatever device asked (a new one, signed out, in another language), and greets by first name only when
 * the account's email was verified: anyone may have signed up with someone else's address. Answers the language it
 * was written in, undefined when none was sent.
 */
export async function queueResetLink(tx: Queryable, { email, origin }: ResetRequest): Promise<Language | undefined> {
  const [customer] = await tx.query<{ id: number; email: string; first_name: string; verified: boolean; language: string }>(
    'select id, email, first_name, email_verified_at is not null as verified, language from customers where lower(email) = lower($1)',
    [email.trim()],
  )
  if (!customer) return undefined
  const language = storedLanguage(customer.language)
  const token = await createPasswordReset(tx, customer.id)
  const link = `${origin}/reset_password?token=${token}`
  await queueMail(tx, {
    to: customer.email,
    language,
    template: passwordResetMail,
    values: { firstName: nameToGreet(customer), link, minutes: RESET_LINK_MINUTES },
  })
  return language
}
