import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface SignupConfirmValues {
  /** The link to /verify_email. */
  link: string
  /** How long the link works. */
  days: number
}

/** The link that proves a new customer owns the email they signed up with; the account works meanwhile. */
export const signupConfirmMail: MailTemplate<SignupConfirmValues> = {
  name: 'signupConfirm',
  render: (i18n, { link, days }) => ({
    subject: i18n._({ id: 'signupConfirm.subject', message: 'Confirm your email for {shop}', values: { shop: shopName } }),
    // No name: the address is not yet known to be the customer's, so the mail carries nothing they typed.
    greeting: greeting(i18n, ''),
    intro: [
      i18n._({ id: 'signupConfirm.welcome', message: 'Welcome to {shop}. Please confirm that this email is yours.', values: { shop: shopName } }),
      i18n._({
        id: 'signupConfirm.why',
        message: 'Until you confirm, signing in with Google, Facebook or X with this email takes the account over. The link works for {days} days.',
        values: { days },
      }),
    ],
    action: { label: i18n._({ id: 'signupConfirm.action', message: 'Confirm my email' }), url: link },
    outro: [
      i18n._({
        id: 'signupConfirm.notYou',
        message: 'If you did not sign up, someone used your email: sign in with it through Google, Facebook or X, or ignore this email.',
      }),
    ],
  }),
}
