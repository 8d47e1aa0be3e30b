import { textMail } from '../textMail.ts'

export interface PasswordResetValues {
  firstName: string
  /** The single-use link to /reset_password. */
  link: string
  /** How long the link works. */
  minutes: number
}

/** The link to choose a new password, sent by "Forgot your password?". */
export const passwordResetMail = textMail<PasswordResetValues>({
  name: 'passwordReset',
  subject: /*i18n*/ { id: 'passwordReset.subject', message: 'Reset your {shop} password' },
  greets: 'firstName',
  intro: [
    /*i18n*/ { id: 'passwordReset.asked', message: 'We received a request to reset the password of your {shop} account.' },
    /*i18n*/ { id: 'passwordReset.howLong', message: 'Choose a new password with the link below. It works once, for {minutes} minutes.' },
  ],
  action: { label: /*i18n*/ { id: 'passwordReset.action', message: 'Choose a new password' }, link: 'link' },
  outro: [/*i18n*/ { id: 'passwordReset.notYou', message: 'If you did not ask for this, ignore this email: your password stays as it is.' }],
})
