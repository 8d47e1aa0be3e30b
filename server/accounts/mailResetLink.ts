import type { Language } from '../../src/domain/language.ts'
import { RESET_LINK_MINUTES } from '../../src/domain/password.ts'
import type { Db } from '../db/types.ts'
import type { Mailer } from '../mail/mail.ts'
import { sendMail } from '../mail/sendMail.ts'
import { passwordResetMail } from '../mail/templates/passwordReset.ts'
import { createPasswordReset } from './passwordResets.ts'

export interface ResetRequest {
  email: string
  language: Language
  /** The app's origin the link opens (PUBLIC_URL in production). */
  origin: string
}

/** Mails a new link to the account of that email; does nothing for an email without one (the answer is the same). */
export async function mailResetLink(db: Db, mailer: Mailer, { email, language, origin }: ResetRequest): Promise<void> {
  const [customer] = await db.query<{ id: number; email: string; first_name: string }>(
    'select id, email, first_name from customers where lower(email) = lower($1)',
    [email.trim()],
  )
  if (!customer) return
  const token = await createPasswordReset(db, customer.id)
  const link = `${origin}/reset_password?token=${token}`
  await sendMail(mailer, {
    to: customer.email,
    language,
    template: passwordResetMail,
    values: { firstName: customer.first_name, link, minutes: RESET_LINK_MINUTES },
  })
}
