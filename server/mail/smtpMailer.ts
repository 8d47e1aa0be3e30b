import { createTransport } from 'nodemailer'
import type { Mailer } from './mail.ts'

/** A mail the SMTP server has not taken within this long (MAIL_SEND_TIMEOUT_MS) fails that try, rather than hold the outbox for ever. */
export const defaultSendTimeoutMs = 30_000

/**
 * SMTP_URL as the transport takes it: an smtp:// relay must upgrade with STARTTLS (or the mail fails, never going out in
 * the clear) unless the URL says otherwise itself (requireTLS=false, or ignoreTLS=true); smtps:// is TLS from the start.
 */
export function smtpTransportUrl(url: string): string {
  const { protocol, searchParams } = new URL(url)
  if (protocol !== 'smtp:' || searchParams.has('requireTLS') || searchParams.get('ignoreTLS') === 'true') return url
  return `${url}${url.includes('?') ? '&' : '?'}requireTLS=true`
}

/** A query option of an SMTP URL as nodemailer reads it: a number is true unless 0, `true`/`false` are themselves, other text is true. */
function option(params: URLSearchParams, name: string): boolean | undefined {
  const value = params.get(name)
  if (value === null) return undefined
  if (value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value) !== 0
  return value === 'false' ? false : value !== ''
}

/**
 * Why the SMTP_URL's user name and password could be read on the way to the server, as the transport would connect
 * (smtpTransportUrl): undefined when the URL carries none (a relay that needs none), when the server is on loopback,
 * or when they only ever travel over verified TLS: `smtps://` (TLS from the start) or `smtp://` with STARTTLS
 * required (the default here).
 */
export function smtpCredentialsExposure(url: string): string | undefined {
  const transport = new URL(smtpTransportUrl(url))
  if (transport.username === '' && transport.password === '') return undefined
  // On this machine's loopback they never reach a network.
  if (/^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(transport.hostname)) return undefined
  const params = transport.searchParams
  const secure = option(params, 'secure') ?? transport.protocol === 'smtps:'
  if (!secure && option(params, 'requireTLS') !== true) {
    if (option(params, 'ignoreTLS')) return 'ignoreTLS=true sends them in plain text'
    if (transport.protocol === 'smtps:') return 'secure=false turns the TLS of smtps:// off, so they go in plain text'
    return 'requireTLS=false sends them in plain text whenever the server does not offer STARTTLS (or something on the way strips the offer)'
  }
  if (option(params, 'tls.rejectUnauthorized') === false)
    return "tls.rejectUnauthorized=false sends them to whoever answers, without checking the server's certificate"
  return undefined
}

/** Mails go out through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL), from MAIL_FROM. */
export function smtpMailer(url: string, from: string, sendTimeoutMs = defaultSendTimeoutMs): Mailer {
  const transport = createTransport(smtpTransportUrl(url), { from })
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        ...(mail.references ? { references: mail.references } : {}),
        headers: { 'Content-Language': mail.language },
        signal: AbortSignal.timeout(sendTimeoutMs),
      })
    },
  }
}
