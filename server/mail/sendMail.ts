import type { Language } from '../../src/domain/language.ts'
import type { Mailer } from './mail.ts'
import { mailI18n } from './mailI18n.ts'
import { plainText, simpleHtml } from './render.ts'
import type { MailTemplate } from './template.ts'

export interface MailRequest<Values> {
  to: string
  /** The customer's language when they asked for the mail (server/i18n/requestLanguage.ts: requestLanguage(c)). */
  language: Language
  template: MailTemplate<Values>
  values: Values
}

/** Renders the template in the customer's language and hands the mail to the mailer (SMTP, or the sandbox mailbox). */
export async function sendMail<Values>(mailer: Mailer, { to, language, template, values }: MailRequest<Values>): Promise<void> {
  const i18n = await mailI18n(language)
  const content = template.render(i18n, values)
  await mailer.deliver({ to, language, template: template.name, subject: content.subject, text: plainText(i18n, content), html: simpleHtml(i18n, content) })
}
