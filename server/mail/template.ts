import type { I18n } from '@lingui/core'

/** What a template says; the layout (server/mail/render.ts) turns it into plain text and HTML alike. */
export interface MailContent {
  subject: string
  /** The opening line, such as "Hello Thandi,". */
  greeting: string
  /** Paragraphs before the button. */
  intro: string[]
  /** The one thing the mail asks the customer to do, shown as a button (and as the bare link in plain text). */
  action?: { label: string; url: string }
  /** Paragraphs after the button, such as what to do if the customer did not ask for this. */
  outro: string[]
}

/**
 * One kind of mail (one module each in server/mail/templates/). Its texts are in the mail catalogue (locales/mail/),
 * with explicit ids, as the server runs without Lingui's macros: a call `i18n._({ id, message, values })`, or a
 * descriptor `/*i18n*\/ { id, message }` that `npm run i18n:extract` finds by its mark (server/mail/textMail.ts).
 */
export interface MailTemplate<Values> {
  name: string
  render(i18n: I18n, values: Values): MailContent
}
