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
