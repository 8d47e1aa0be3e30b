import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface EmailChangedNoticeValues {
  firstName: string
  /** The address the account moved to. */
  email: string
  /** The link to /email_change/undo. */
  link: string
  /** How long the link works. */
  days: number
}

/** Sent to the old address once a change is confirmed: for some days it can put the old email back. */
export const emailChangedNoticeMail: MailTemplate<EmailChangedNoticeValues> = {
  name: 'emailChangedNotice',
  render: (i18n, { firstName, email, link, days }) => ({
    subject: i18n._({ id: 'emailChangedNotice.subject', message: 'The email of your {shop} account was changed', values: { shop: shopName } }),
    greeting: greeting(i18n, firstName),
    intro: [
      i18n._({
        id: 'emailChangedNotice.changed',
        message: 'Your {shop} account now signs in with {email} instead of this address.',
        values: { email, shop: shopName },
      }),
      i18n._({
        id: 'emailChangedNotice.undo',
        message:
          'If this was not you, put this address back with the link below (it works once, for {days} days): every device is signed out, and you then choose a new password.',
        values: { days },
      }),
    ],
    action: { label: i18n._({ id: 'emailChangedNotice.action', message: 'Put my email back' }), url: link },
    outro: [i18n._({ id: 'emailChangedNotice.wasYou', message: 'If it was you, there is nothing to do.' })],
  }),
}
