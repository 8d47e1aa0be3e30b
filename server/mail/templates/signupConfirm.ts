import { textMail } from '../textMail.ts'

export interface SignupConfirmValues {
  /** The link to /verify_email. */
  link: string
  /** How long the link works. */
  days: number
}

/**
 * The link that proves a new customer owns the email they signed up with; the account works meanwhile. No name in
 * the greeting: the address is not yet known to be the customer's, so the mail carries nothing they typed.
 */
export const signupConfirmMail = textMail<SignupConfirmValues>({
  name: 'signupConfirm',
  subject: /*i18n*/ { id: 'signupConfirm.subject', message: 'Confirm your email for {shop}' },
  intro: [
    /*i18n*/ { id: 'signupConfirm.welcome', message: 'Welcome to {shop}. Please confirm that this email is yours.' },
    /*i18n*/ {
      id: 'signupConfirm.why',
      message: 'Until you confirm, signing in with Google, Facebook or X with this email takes the account over. The link works for {days} days.',
    },
  ],
  action: { label: /*i18n*/ { id: 'signupConfirm.action', message: 'Confirm my email' }, link: 'link' },
  outro: [
    /*i18n*/ {
      id: 'signupConfirm.notYou',
      message: 'If you did not sign up, someone used your email: sign in with it through Google, Facebook or X, or ignore this email.',
    },
  ],
})
