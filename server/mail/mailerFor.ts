import type { Queryable } from '../db/types.ts'
import type { MailSettings, Mailer } from './mail.ts'
import { sandboxMailbox } from './sandboxMailbox.ts'
import { smtpMailer } from './smtpMailer.ts'

/** The mailer the settings name: SMTP when SMTP_URL is set, else the sandbox mailbox in the database. */
export function mailerFor(settings: MailSettings, db: Queryable, sendTimeoutMs?: number): Mailer {
  return settings.kind === 'smtp' ? smtpMailer(settings.url, settings.from, sendTimeoutMs) : sandboxMailbox(db, settings.from)
}
