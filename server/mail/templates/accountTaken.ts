import { textMail } from '../textMail.ts'

export interface AccountTakenValues {
  /** The provider's name as customers know it: Google, Facebook or X. */
  provider: string
  /** The link to /profile. */
  link: string
  /** Proven by the link mailed at a sign-in whose provider shared no verified email, rather than by the provider. */
  byLink?: boolean
}

/**
 * Sent when a provider's verified sign-in takes an account whose email was never confirmed: the mailbox's owner
 * now has it, the password set at sign-up no longer works and every device was signed out.
 */
export const accountTakenMail = textMail<AccountTakenValues>({
  name: 'accountTaken',
  subject: /*i18n*/ { id: 'accountTaken.subject', message: 'Your {shop} account now signs in with {provider}' },
  // No name: the account's name was typed by whoever registered the address, not by the mailbox's owner.
  intro: [
    ({ byLink = false }) =>
      byLink
        ? /*i18n*/ {
            id: 'accountTaken.whatByLink',
            message:
              'You confirmed this email with the link we sent when you signed in with {provider}. The {shop} account with this email had never confirmed it, so it is now yours alone.',
          }
        : /*i18n*/ {
            id: 'accountTaken.what',
            message: '{provider} confirmed that this email is yours. The {shop} account with this email had never confirmed it, so it is now yours alone.',
          },
    /*i18n*/ {
      id: 'accountTaken.ended',
      message: 'The password it had no longer works and every device signed in to it was signed out. Check its details on your profile.',
    },
  ],
  action: { label: /*i18n*/ { id: 'accountTaken.action', message: 'Open my profile' }, link: 'link' },
  outro: [/*i18n*/ { id: 'accountTaken.password', message: 'To sign in with a password as well, choose one with "Forgot your password?".' }],
})
