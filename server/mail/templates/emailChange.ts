import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface EmailChangeValues {
  /** The new address, which the mail goes to. */
  email: string
  /** The link to /confirm_email. */
  link: string
  /** How long the link works. */
  hours: number
}

/**
 * The link that confirms a new email address, sent to that address by Update Profile. It greets without the
 * customer's name: the address is not confirmed yet, so it may be anyone's.
 */
export const emailChangeMail: MailTemplate<EmailChangeValues> = {
  name: 'emailChange',
  render: (i18n, { email, link, hours }) => ({
    subject: i18n._({ id: 'emailChange.subject', message: 'Confirm your new email for {shop}', values: { shop: shopName } }),
    greeting: greeting(i18n, ''),
    intro: [
      i18n._({
        id: 'emailChange.asked',
        message: 'You asked to use {email} for your {shop} account. Your account keeps its current email until you confirm.',
        values: { email, shop: shopName },
      }),
      i18n._({ id: 'emailChange.howLong', message: 'Confirm with the link below. It works for {hours} hours.', values: { hours } }),
    ],
    action: { label: i18n._({ id: 'emailChange.action', message: 'Confirm my new email' }), url: link },
    outro: [i18n._({ id: 'emailChange.notYou', message: 'If you did not ask for this, ignore this email: nothing changes.' })],
  }),
}
