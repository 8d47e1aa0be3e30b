import type { Language } from '../../src/domain/languageCodes.ts'
import type { Queryable } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { emailChangeMail } from '../mail/templates/emailChange.ts'
import { emailChangeTakenMail } from '../mail/templates/emailChangeTaken.ts'
import { emailLinkHours } from './emailChanges.ts'

export interface EmailChangeLink {
  to: string
  token: string
  /** The language of the account the mail is for (server/accounts/accountLanguage.ts). */
  language: Language
  /** The app's origin the link opens (server/mail/linkOrigin.ts). */
  origin: string
}

/** Queues, in the transaction that started the change, the mail with the link that confirms a new address, to that address. */
export function queueEmailChangeLink(tx: Queryable, { to, token, language, origin }: EmailChangeLink): Promise<void> {
  const link = `${origin}/confirm_email?token=${token}`
  return queueMail(tx, { to, language, template: emailChangeMail, values: { email: to, link, hours: emailLinkHours } })
}

/** Queues, instead of that link, the notice to an address another account has: someone asked for it, nothing changed. */
export function queueEmailTakenNotice(tx: Queryable, { to, language }: Pick<EmailChangeLink, 'to' | 'language'>): Promise<void> {
  return queueMail(tx, { to, language, template: emailChangeTakenMail, values: { email: to } })
}
