import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface PasswordChangedValues {
  firstName: string
  /** The link to /forgot_password. */
  link: string
}

/** Sent to the account's address on every password change or reset, so a change the customer did not make is seen. */
export const passwordChangedMail: MailTemplate<PasswordChangedValues> = {
  name: 'passwordChanged',
  render: (i18n, { firstName, link }) => ({
    subject: i18n._({ id: 'passwordChanged.subject', message: 'The password of your {shop} account was changed', values: { shop: shopName } }),
    greeting: greeting(i18n, firstName),
    intro: [
      i18n._({
        id: 'passwordChanged.changed',
        message: 'The password of your {shop} account was just changed. Every other device was signed out.',
        values: { shop: shopName },
      }),
      i18n._({ id: 'passwordChanged.notYou', message: 'If this was not you, choose a new password now with the link below.' }),
    ],
    action: { label: i18n._({ id: 'passwordChanged.action', message: 'Reset my password' }), url: link },
    outro: [i18n._({ id: 'passwordChanged.wasYou', message: 'If it was you, there is nothing to do.' })],
  }),
}
