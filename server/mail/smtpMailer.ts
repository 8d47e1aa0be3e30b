import { createTransport } from 'nodemailer'
import type { Mailer } from './mail.ts'

/** A mail the SMTP server has not taken within this long (MAIL_SEND_TIMEOUT_MS) fails that try, rather than hold the outbox for ever. */
export const defaultSendTimeoutMs = 30_000

/** Mails go out through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL), from MAIL_FROM. */
export function smtpMailer(url: string, from: string, sendTimeoutMs = defaultSendTimeoutMs): Mailer {
  const transport = createTransport(url, { from })
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'Content-Language': mail.language },
        signal: AbortSignal.timeout(sendTimeoutMs),
      })
    },
  }
}
