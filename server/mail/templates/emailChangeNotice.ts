import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface EmailChangeNoticeValues {
  firstName: string
  /** The address the account would move to. */
  email: string
  /** The link to /email_change/stop. */
  link: string
  /** How long the change waits for its confirmation (and this link works). */
  hours: number
}

/** Sent to the current address when someone asks to move the account to another: it can stop the change. */
export const emailChangeNoticeMail: MailTemplate<EmailChangeNoticeValues> = {
  name: 'emailChangeNotice',
  render: (i18n, { firstName, email, link, hours }) => ({
    subject: i18n._({ id: 'emailChangeNotice.subject', message: 'Someone asked to change the email of your {shop} account', values: { shop: shopName } }),
    greeting: greeting(i18n, firstName),
    intro: [
      i18n._({
        id: 'emailChangeNotice.asked',
        message: 'Someone signed in to your {shop} account asked to change its email to {email}. It changes only when the link sent there is followed.',
        values: { email, shop: shopName },
      }),
      i18n._({
        id: 'emailChangeNotice.stop',
        message: 'If this was not you, stop the change with the link below (it works for {hours} hours), then change your password.',
        values: { hours },
      }),
    ],
    action: { label: i18n._({ id: 'emailChangeNotice.action', message: 'Stop this change' }), url: link },
    outro: [i18n._({ id: 'emailChangeNotice.wasYou', message: 'If it was you, there is nothing to do.' })],
  }),
}
