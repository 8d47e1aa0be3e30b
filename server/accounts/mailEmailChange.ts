import type { Language } from '../../src/domain/language.ts'
import type { Mailer } from '../mail/mail.ts'
import { sendMail } from '../mail/sendMail.ts'
import { emailChangeMail } from '../mail/templates/emailChange.ts'
import { emailLinkHours } from './emailChanges.ts'

export interface EmailChangeLink {
  to: string
  firstName: string
  token: string
  language: Language
  /** The app's origin the link opens (PUBLIC_URL in production). */
  origin: string
}

/** Mails the link that confirms a new address to that address, in the customer's language. */
export function mailEmailChange(mailer: Mailer, { to, firstName, token, language, origin }: EmailChangeLink): Promise<void> {
  const link = `${origin}/confirm_email?token=${token}`
  return sendMail(mailer, { to, language, template: emailChangeMail, values: { firstName, email: to, link, hours: emailLinkHours } })
}
