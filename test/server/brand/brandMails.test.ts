import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config.ts'
import { mailerFor } from '../../../server/mail/mailerFor.ts'
import { sendDueMails } from '../../../server/mail/mailOutbox.ts'
import { readMailbox } from '../../../server/mail/sandboxMailbox.ts'
import { call, signUp, useAccountsApp } from '../helpers/accounts.ts'
import { brandIconFile } from '../helpers/productionEnv.ts'

const config = loadConfig({
  SHOP_NAME: 'Acme Mobile',
  SHOP_THEME_COLOUR: '#b3261e',
  SHOP_ICON: brandIconFile,
  SUPPORT_PHONE: '+27 21 555 0100',
  MAIL_SENDER_NAME: 'Acme Mobile support',
  MAIL_SIGNATURE: 'Acme Mobile (Pty) Ltd\\n1 Main Road, Cape Town',
})

describe("every mail carries the reseller's brand", () => {
  const env = useAccountsApp({ config: { brand: config.brand, mail: config.mail } })

  /** The mailbox of `email` once the outbox is sent by the mailer the settings make. */
  async function mailbox(email: string) {
    await sendDueMails(env.t.db, mailerFor(config.mail, env.t.db, 30_000), { leaseMs: 60_000 })
    return readMailbox(env.t.db, email)
  }

  it('names the shop in the subject and sign-off, signs with MAIL_SIGNATURE and the phone, from MAIL_SENDER_NAME', async () => {
    const me = await signUp(env.app, {}, { language: 'af' })
    expect((await env.app.request('/api/auth/password/forgot', call('POST', { email: me.email }, { from: '192.0.2.80' }))).status).toBe(202)
    const mails = await mailbox(me.email)
    expect(mails.map((m) => m.template).sort()).toEqual(['passwordReset', 'signupConfirm'])
    for (const mail of mails) {
      expect(mail.from).toBe('Acme Mobile support <no-reply@storefront.co.za>')
      expect(mail.subject, mail.template).toContain('Acme Mobile')
      expect(mail.text).toMatch(/\n\nDie Acme Mobile-span\nAcme Mobile \(Pty\) Ltd\n1 Main Road, Cape Town\nBel ons by \+27 21 555 0100\n\nWie ons is: /)
      expect(mail.html).toContain('<p style="margin:0 0 24px;font-weight:700;color:#b3261e">Acme Mobile</p>')
      expect(mail.html).toContain('Die Acme Mobile-span<br>Acme Mobile (Pty) Ltd<br>1 Main Road, Cape Town<br>Bel ons by +27 21 555 0100</p>')
      for (const part of [mail.from, mail.subject, mail.text, mail.html]) expect(part, mail.template).not.toMatch(/seed/i)
    }
    expect(mails.find((m) => m.template === 'passwordReset')?.subject).toBe('Stel jou Acme Mobile-wagwoord terug')
  })
})
