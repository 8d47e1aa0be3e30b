import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../src/domain/languageCodes.ts'
import { compiledI18n } from '../../../server/i18n/catalogues.ts'
import { plainText } from '../../../server/mail/render.ts'
import type { MailTemplate } from '../../../server/mail/template.ts'
import { emailChangeTakenMail } from '../../../server/mail/templates/emailChangeTaken.ts'
import { passwordResetMail } from '../../../server/mail/templates/passwordReset.ts'
import { receiptMail } from '../../../server/mail/templates/receipt.ts'
import { signupConfirmMail } from '../../../server/mail/templates/signupConfirm.ts'
import { supportAcknowledgementMail } from '../../../server/mail/templates/supportAcknowledgement.ts'
import { staffInviteMail } from '../../../server/mail/templates/staffInvite.ts'
import { supportMessageMail } from '../../../server/mail/templates/supportMessage.ts'
import { supportAnswerNoticeMail } from '../../../server/mail/templates/supportAnswerNotice.ts'
import { supportReplyMail } from '../../../server/mail/templates/supportReply.ts'

/** Every kind of mail with values to render it; a new template joins this list. */
const templates: Array<[MailTemplate<never>, unknown]> = [
  [passwordResetMail as MailTemplate<never>, { firstName: 'Thandi', link: 'https://shop.example/x', minutes: 30 }],
  [supportAcknowledgementMail as MailTemplate<never>, { reference: 'SUP-7K3F4Q2A' }],
  // The customer's own words are theirs, in whatever language: a message without letters keeps them out of the comparison.
  [
    supportMessageMail as MailTemplate<never>,
    {
      reference: 'SUP-7K3F4Q2A',
      name: 'Thandi Nkosi',
      email: 'thandi@example.co.za',
      message: '082 123 4567',
      language: 'xh',
      account: { id: 12, email: 'thandi@example.co.za', proven: true },
      threadUrl: 'https://shop.example/staff/messages/7',
    },
  ],
  [
    supportMessageMail as MailTemplate<never>,
    {
      reference: 'SUP-7K3F4Q2A',
      name: 'Thandi',
      email: 't@example.co.za',
      message: '?',
      language: 'en',
      account: { id: 12, email: 'x@example.co.za', proven: false },
      threadUrl: 'https://shop.example/staff/messages/7',
    },
  ],
  [
    supportMessageMail as MailTemplate<never>,
    {
      reference: 'SUP-7K3F4Q2A',
      name: 'Thandi',
      email: 't@example.co.za',
      message: '?',
      language: 'af',
      account: undefined,
      threadUrl: 'https://shop.example/staff/messages/7',
    },
  ],
  [supportReplyMail as MailTemplate<never>, { reference: 'SUP-7K3F4Q2A', name: 'Thandi', body: '082 123 4567', link: 'https://shop.example/support' }],
  [
    supportAnswerNoticeMail as MailTemplate<never>,
    { reference: 'SUP-7K3F4Q2A', name: 'Thandi', body: '?', threadUrl: 'https://shop.example/staff/messages/7' },
  ],
  [emailChangeTakenMail as MailTemplate<never>, { email: 'thandi@example.co.za' }],
  [
    staffInviteMail as MailTemplate<never>,
    { name: 'Sipho Dlamini', inviter: 'Thandi Nkosi', role: 'fulfilment', link: 'https://shop.example/staff/invite/x', days: 7 },
  ],
  // The sign-up confirmation names the providers offered: none, one, or a list joined in the mail's language.
  [signupConfirmMail as MailTemplate<never>, { link: 'https://shop.example/verify_email?token=x', days: 7, providers: [] }],
  [signupConfirmMail as MailTemplate<never>, { link: 'https://shop.example/verify_email?token=x', days: 7, providers: ['Google', 'Facebook', 'X'] }],
  [
    receiptMail as MailTemplate<never>,
    { firstName: 'Thandi', orderNumber: 'SO-000123', amount: 299, items: ['4G Uncapped 10Mbps'], paidWith: 'VISA •••• 0000' },
  ],
]

/** The lines of a mail, with the ones that read the same in every language (links, the shop's name) left out. */
const lines = (text: string) => text.split('\n').filter((line) => /\p{L}/u.test(line) && !line.startsWith('https://'))

describe('the mails in isiXhosa and Afrikaans', () => {
  for (const [template, values] of templates) {
    it(`${template.name}: subject and every paragraph translated`, async () => {
      const english = await compiledI18n('mail', 'en')
      const source = template.render(english, values as never)
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const i18n = await compiledI18n('mail', language)
        const mail = template.render(i18n, values as never)
        expect(mail.subject, language).not.toBe(source.subject)
        const englishLines = new Set(lines(plainText(english, source)))
        expect(
          lines(plainText(i18n, mail)).filter((line) => englishLines.has(line)),
          `${language}: still English`,
        ).toEqual([])
      }
    })
  }
})
