import type { Language } from '../../src/domain/languageCodes.ts'

/** A mail ready to go: rendered in the customer's language, as plain text and simple HTML. */
export interface Mail {
  to: string
  /** Where an answer goes instead of the sender (the support team's copy answers the customer who wrote). */
  replyTo?: string
  language: Language
  /** The template's name, so the sandbox mailbox and the logs can say what kind of mail it was. */
  template: string
  subject: string
  text: string
  html: string
  /** Threading (RFC 5322): its own Message-ID, the mail it answers, and the thread's chain, oldest first. */
  messageId?: string
  inReplyTo?: string
  references?: string[]
}

/** A mail's columns as the mail outbox and the sandbox mailbox both store them. */
export interface MailRow {
  recipient: string
  reply_to: string | null
  language: Language
  template: string
  subject: string
  text: string
  html: string
  message_id: string | null
  in_reply_to: string | null
  /** The References header's ids, space-separated. */
  thread_references: string | null
}

/** The mail a stored row holds. */
export const mailOf = (r: MailRow): Mail => ({
  to: r.recipient,
  ...(r.reply_to ? { replyTo: r.reply_to } : {}),
  language: r.language,
  template: r.template,
  subject: r.subject,
  text: r.text,
  html: r.html,
  ...(r.message_id ? { messageId: r.message_id } : {}),
  ...(r.in_reply_to ? { inReplyTo: r.in_reply_to } : {}),
  ...(r.thread_references ? { references: r.thread_references.split(' ') } : {}),
})

/** Where mails go: an SMTP server, or the sandbox mailbox in the database (the demo). */
export interface Mailer {
  kind: 'smtp' | 'sandbox'
  /** Resolves once the mail is handed over (accepted by the SMTP server, or stored in the mailbox). */
  deliver(mail: Mail): Promise<void>
}

/** How the server sends mail, read from SMTP_URL and MAIL_FROM by server/config.ts. */
export type MailSettings = { kind: 'sandbox'; from: string } | { kind: 'smtp'; url: string; from: string }

/** The address the sandbox mailbox shows mails coming from when MAIL_FROM is not set. */
const sandboxAddress = 'no-reply@storefront.co.za'

/** `Name <address>`, the name quoted when it holds a character RFC 5322 reserves. */
export const namedSender = (name: string, address: string): string =>
  `${/[",;:<>@()[\]\\]/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : name} <${address}>`

/** The sender the sandbox mailbox shows when MAIL_FROM is not set: the demo shop's name. */
export const sandboxSender = namedSender('Seed Storefront', sandboxAddress)
export const sandboxMailSettings: MailSettings = { kind: 'sandbox', from: sandboxSender }

/** MAIL_FROM with MAIL_SENDER_NAME as its name when that is set; the sandbox's address under the shop's name when MAIL_FROM is not. */
function sender(e: { MAIL_FROM: string; MAIL_SENDER_NAME: string }, shopName: string): string {
  const address = e.MAIL_FROM === '' ? sandboxAddress : (/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM)
  if (e.MAIL_SENDER_NAME) return namedSender(e.MAIL_SENDER_NAME, address)
  return e.MAIL_FROM || (shopName ? namedSender(shopName, address) : address)
}

/** SMTP_URL and MAIL_FROM, or the sandbox mailbox; links in a mail that leaves the server need PUBLIC_URL. */
export function readMail(e: { SMTP_URL: string; MAIL_FROM: string; MAIL_SENDER_NAME: string; PUBLIC_URL: string }, shopName: string): MailSettings {
  if (e.SMTP_URL === '') return { kind: 'sandbox', from: sender(e, shopName) }
  if (e.MAIL_FROM === '') throw new Error('Invalid environment: MAIL_FROM is required with SMTP_URL (the address mails come from)')
  // Whatever NODE_ENV: a link in a mail that leaves the server must never be built on the request's Host header.
  if (e.PUBLIC_URL === '') throw new Error('Invalid environment: PUBLIC_URL is required with SMTP_URL (the origin links in mails open)')
  return { kind: 'smtp', url: e.SMTP_URL, from: sender(e, shopName) }
}
