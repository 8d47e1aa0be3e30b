import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface PasswordResetValues {
  firstName: string
  /** The single-use link to /reset_password. */
  link: string
  /** How long the link works. */
  minutes: number
}

/** The link to choose a new password, sent by "Forgot your password?". */
export const passwordResetMail: MailTemplate<PasswordResetValues> = {
  name: 'passwordReset',
  render: (i18n, { firstName, link, minutes }) => ({
    subject: i18n._({ id: 'passwordReset.subject', message: 'Reset your {shop} password', values: { shop: shopName } }),
    greeting: greeting(i18n, firstName),
    intro: [
      i18n._({ id: 'passwordReset.asked', message: 'We received a request to reset the password of your {shop} account.', values: { shop: shopName } }),
      i18n._({
        id: 'passwordReset.howLong',
        message: 'Choose a new password with the link below. It works once, for {minutes} minutes.',
        values: { minutes },
      }),
    ],
    action: { label: i18n._({ id: 'passwordReset.action', message: 'Choose a new password' }), url: link },
    outro: [i18n._({ id: 'passwordReset.notYou', message: 'If you did not ask for this, ignore this email: your password stays as it is.' })],
  }),
}
