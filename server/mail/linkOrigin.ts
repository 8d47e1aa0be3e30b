import type { Context } from 'hono'
import { requestOrigin, type ProxyTrust } from '../http/requestInfo.ts'
import type { MailSettings } from './mail.ts'

export interface LinkOriginSettings extends ProxyTrust {
  /** PUBLIC_URL, or '' in the demo. */
  publicUrl?: string
  mail?: MailSettings
}

/**
 * The origin links in mails open: PUBLIC_URL whenever it is set, and always when mail leaves the server (SMTP),
 * whatever NODE_ENV, so a forged Host header never lands in someone's mailbox. Only the demo's sandbox mailbox,
 * read on this server, falls back on the request's own origin.
 */
export function mailLinkOrigin(c: Context, settings: LinkOriginSettings): string {
  if (settings.publicUrl) return settings.publicUrl
  // loadConfig refuses SMTP_URL without PUBLIC_URL; this guards an app built by hand.
  if (settings.mail?.kind === 'smtp') throw new Error('PUBLIC_URL is required with SMTP_URL: links in mails are never built on the request Host')
  return requestOrigin(c, settings)
}
