import { textMail } from '../textMail.ts'

export interface PasswordChangedValues {
  firstName: string
  /** The link to /forgot_password. */
  link: string
}

/** Sent to the account's address on every password change or reset, so a change the customer did not make is seen. */
export const passwordChangedMail = textMail<PasswordChangedValues>({
  name: 'passwordChanged',
  subject: /*i18n*/ { id: 'passwordChanged.subject', message: 'The password of your {shop} account was changed' },
  greets: 'firstName',
  intro: [
    /*i18n*/ { id: 'passwordChanged.changed', message: 'The password of your {shop} account was just changed. Every other device was signed out.' },
    /*i18n*/ { id: 'passwordChanged.notYou', message: 'If this was not you, choose a new password now with the link below.' },
  ],
  action: { label: /*i18n*/ { id: 'passwordChanged.action', message: 'Reset my password' }, link: 'link' },
  outro: [/*i18n*/ { id: 'passwordChanged.wasYou', message: 'If it was you, there is nothing to do.' }],
})
