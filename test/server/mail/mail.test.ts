import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import type { Mailer } from '../../../server/mail/mail.ts'
import { sendDueMails } from '../../../server/mail/mailOutbox.ts'
import { queueMail, type MailRequest } from '../../../server/mail/queueMail.ts'
import { sandboxMailbox, readMailbox } from '../../../server/mail/sandboxMailbox.ts'
import { smtpMailer, smtpTransportUrl } from '../../../server/mail/smtpMailer.ts'
import type { PasswordResetValues } from '../../../server/mail/templates/passwordReset.ts'
import { passwordResetMail } from '../../../server/mail/templates/passwordReset.ts'
import { apiKey } from '../helpers/accounts.ts'
import { startFakeSmtp } from '../helpers/fakeSmtp.ts'
import { openTestDb, secondInstanceDb, startupTimeout, type TestDb } from '../helpers/testDb.ts'

const from = 'Seed Storefront <no-reply@storefront.co.za>'
const link = 'http://localhost:8080/reset_password?token=abc_DEF-123'
const reset = (to: string, language: 'en' | 'xh' | 'af' = 'en') =>
  ({ to, language, template: passwordResetMail, values: { firstName: 'Thandi', link, minutes: 30 } }) as const

describe('the mail port', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
  }, startupTimeout)
  afterAll(() => t.drop())

  /** The one way mail goes: queued in the outbox, then sent by the outbox job through the mailer. */
  const queueAndSend = async (mailer: Mailer, request: MailRequest<PasswordResetValues>) => {
    await queueMail(t.db, request)
    return sendDueMails(t.db, mailer, { leaseMs: 60_000 })
  }

  describe('the sandbox mailbox (no SMTP_URL)', () => {
    it('keeps each mail in the database, in the language asked, as plain text and HTML', async () => {
      const mailbox = sandboxMailbox(t.db, from)
      await queueAndSend(mailbox, reset('Thandi.Kept@example.co.za'))
      await queueAndSend(mailbox, reset('thandi.kept@example.co.za', 'af'))
      const [af, en] = await readMailbox(t.db, 'THANDI.KEPT@example.co.za')
      expect(en).toMatchObject({
        from,
        to: 'Thandi.Kept@example.co.za',
        language: 'en',
        template: 'passwordReset',
        subject: 'Reset your Seed Storefront password',
      })
      expect(en!.text).toContain(`Choose a new password:\n${link}\n`)
      expect(en!.text).toMatch(/^Hello Thandi,\n\n/)
      expect(en!.html).toContain(`<a href="${link}"`)
      expect(en!.html).toMatch(/^<!doctype html>\n<html lang="en">/)
      expect(af).toMatchObject({ language: 'af', subject: 'Stel jou Seed Storefront-wagwoord terug' })
      expect(af!.text).toContain(link)
      expect(af!.html).toContain('<html lang="af">')
    })

    it('escapes what the values bring into the HTML part', async () => {
      const mailbox = sandboxMailbox(t.db, from)
      await queueAndSend(mailbox, { ...reset('escaped@example.co.za'), values: { firstName: '<b>Thandi</b>', link: `${link}&x="y"`, minutes: 30 } })
      const [mail] = await readMailbox(t.db, 'escaped@example.co.za')
      expect(mail!.html).toContain('Hello &lt;b&gt;Thandi&lt;/b&gt;,')
      expect(mail!.html).toContain('token=abc_DEF-123&amp;x=&quot;y&quot;')
      expect(mail!.html).not.toContain('<b>')
    })

    it('greets a customer whose name is unknown without a blank', async () => {
      const mailbox = sandboxMailbox(t.db, from)
      await queueAndSend(mailbox, { ...reset('nameless@example.co.za', 'xh'), values: { firstName: ' ', link, minutes: 30 } })
      const [mail] = await readMailbox(t.db, 'nameless@example.co.za')
      expect(mail!.text).toMatch(/^Molo,\n/)
    })

    it('is shared by every instance on the database', async () => {
      const second = await secondInstanceDb(t)
      try {
        await queueAndSend(sandboxMailbox(t.db, from), reset('shared@example.co.za'))
        expect(await readMailbox(second.db, 'shared@example.co.za')).toHaveLength(1)
      } finally {
        await second.close()
      }
    })

    it('forgets mails older than a week when the next one arrives', async () => {
      const mailbox = sandboxMailbox(t.db, from)
      await queueAndSend(mailbox, reset('old@example.co.za'))
      await t.db.query(`update sandbox_mail set created_at = now() - interval '8 days' where recipient = 'old@example.co.za'`)
      await queueAndSend(mailbox, reset('new@example.co.za'))
      expect(await readMailbox(t.db, 'old@example.co.za')).toEqual([])
      expect(await readMailbox(t.db, 'new@example.co.za')).toHaveLength(1)
    })
  })

  describe('SMTP (SMTP_URL)', () => {
    it('sends the mail to the SMTP server, signed in with the URL credentials, from MAIL_FROM, text and HTML', async () => {
      const smtp = await startFakeSmtp()
      try {
        await queueAndSend(smtpMailer(smtp.url, 'Cape Town portal <no-reply@reseller.co.za>'), reset('thandi@example.co.za', 'xh'))
        expect(smtp.received).toHaveLength(1)
        const [mail] = smtp.received
        expect(mail).toMatchObject({ auth: 'mailer:s3cret', from: 'no-reply@reseller.co.za', to: ['thandi@example.co.za'] })
        expect(mail!.data).toMatch(/^From: Cape Town portal <no-reply@reseller\.co\.za>\r$/m)
        expect(mail!.data).toMatch(/^Content-Language: xh\r$/m)
        expect(mail!.data).toMatch(/^Content-Type: multipart\/alternative;/m)
        expect(mail!.data).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m)
        expect(mail!.data).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m)
        expect(mail!.data).toContain(link)
      } finally {
        await smtp.close()
      }
    })

    it('counts a try that could not reach the SMTP server as failed, so the outbox tries again later', async () => {
      expect(await queueAndSend(smtpMailer('smtp://127.0.0.1:1', 'no-reply@reseller.co.za'), reset('unreachable@example.co.za'))).toEqual({
        sent: 0,
        retrying: 1,
        failed: 0,
      })
    })

    it('never sends over an smtp:// relay without STARTTLS unless SMTP_URL says so explicitly', async () => {
      const smtp = await startFakeSmtp()
      try {
        expect(await queueAndSend(smtpMailer(smtp.plainUrl, 'no-reply@reseller.co.za'), reset('thandi@example.co.za'))).toEqual({
          sent: 0,
          retrying: 1,
          failed: 0,
        })
        expect(smtp.received).toEqual([])
        expect(await queueAndSend(smtpMailer(`${smtp.plainUrl}?ignoreTLS=true`, 'no-reply@reseller.co.za'), reset('thandi@example.co.za'))).toMatchObject({
          sent: 1,
        })
        expect(smtp.received).toHaveLength(1)
      } finally {
        await smtp.close()
      }
    })

    it('asks the transport for STARTTLS on smtp:// only, keeping what the URL says', () => {
      expect(smtpTransportUrl('smtp://u:p@smtp.example.co.za:587')).toBe('smtp://u:p@smtp.example.co.za:587?requireTLS=true')
      expect(smtpTransportUrl('smtp://smtp.example.co.za?name=shop')).toBe('smtp://smtp.example.co.za?name=shop&requireTLS=true')
      for (const kept of ['smtp://smtp.example.co.za?requireTLS=false', 'smtp://smtp.example.co.za?ignoreTLS=true', 'smtps://u:p@smtp.example.co.za:465'])
        expect(smtpTransportUrl(kept)).toBe(kept)
    })
  })

  describe('the /sandbox/mail page', () => {
    const app = () => createApp({ db: t.db, config: { apiKey } })

    it('asks for an address, then shows the mails sent to it with their links clickable, in the tester’s language', async () => {
      await queueAndSend(sandboxMailbox(t.db, from), reset('page@example.co.za'))
      const empty = await app().request('/sandbox/mail')
      expect(empty.status).toBe(200)
      expect(await empty.text()).toContain('<input id="address" name="address" type="email"')
      const res = await app().request('/sandbox/mail?address=Page%40example.co.za', { headers: { Cookie: 'lang=af' } })
      expect(res.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'/)
      expect(res.headers.get('Cache-Control')).toBe('no-store')
      const html = await res.text()
      expect(html).toContain('<html lang="af">')
      expect(html).toContain('<h3>Reset your Seed Storefront password</h3>')
      expect(html).toContain(`<a href="${link}">${link}</a>`)
      expect(html).toMatch(/<a href="\/sandbox\/mail\/\d+">/)
    })

    it('says when an address has no mail, and escapes the address', async () => {
      const html = await (await app().request('/sandbox/mail?address=%3Cscript%3E@example.co.za')).text()
      expect(html).toContain('No mails to &lt;script&gt;@example.co.za yet.')
      expect(html).not.toContain('<script>')
    })

    it('shows a mail as its HTML part, under a policy that loads nothing, and 404 for one it does not hold', async () => {
      await queueAndSend(sandboxMailbox(t.db, from), reset('html@example.co.za'))
      const [mail] = await readMailbox(t.db, 'html@example.co.za')
      const res = await app().request(`/sandbox/mail/${mail!.id}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
      expect(await res.text()).toBe(mail!.html)
      expect((await app().request('/sandbox/mail/999999999')).status).toBe(404)
      expect((await app().request('/sandbox/mail/x')).status).toBe(404)
    })

    it('is not served when mails go out through SMTP', async () => {
      const smtp = createApp({ db: t.db, config: { apiKey, mail: { kind: 'smtp', url: 'smtp://127.0.0.1:1', from } } })
      expect((await smtp.request('/sandbox/mail?address=page@example.co.za')).status).toBe(404)
    })
  })
})
