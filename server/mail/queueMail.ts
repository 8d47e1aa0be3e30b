import type { Language } from '../../src/domain/languageCodes.ts'
import type { Queryable } from '../db/types.ts'
import { compiledI18n } from '../i18n/catalogues.ts'
import { plainText, simpleHtml } from './render.ts'
import type { MailTemplate } from './template.ts'

export interface MailRequest<Values> {
  to: string
  /** Where an answer goes instead of MAIL_FROM. */
  replyTo?: string
  /**
   * The recipient's language: a customer's account language (server/accounts/accountLanguage.ts), whatever device
   * asked; the request's (server/i18n/requestLanguage.ts) only for an address with no account; English for the team.
   */
  language: Language
  template: MailTemplate<Values>
  values: Values
  /** Where the mail sits in a conversation (server/support/threading.ts). */
  thread?: MailThread
}

/** A mail's threading headers: its Message-ID, and when it follows others, the one it answers and the chain. */
export interface MailThread {
  messageId: string
  inReplyTo?: string
  references?: string[]
}

/**
 * Renders the mail in the customer's language and writes it to the mail outbox inside `tx`, the transaction of the
 * change that causes it: the mail exists exactly when the change does. The outbox job (server/mail/mailOutbox.ts) sends
 * it; this is the only way the server sends mail.
 */
export async function queueMail<Values>(tx: Queryable, { to, replyTo, language, template, values, thread }: MailRequest<Values>): Promise<void> {
  const i18n = await compiledI18n('mail', language)
  const content = template.render(i18n, values)
  await tx.query(
    `insert into mail_outbox (recipient, reply_to, language, template, subject, text, html, message_id, in_reply_to, thread_references)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      to.trim(),
      replyTo?.trim() || null,
      language,
      template.name,
      content.subject,
      plainText(i18n, content),
      simpleHtml(i18n, content),
      thread?.messageId ?? null,
      thread?.inReplyTo ?? null,
      thread?.references?.join(' ') || null,
    ],
  )
}
