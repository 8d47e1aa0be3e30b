import { textMail } from '../textMail.ts'

export interface SocialEmailConfirmValues {
  /** The provider's name as customers know it: Google, Facebook or X. */
  provider: string
  /** The link to /social_confirm. */
  link: string
  /** How long the link works. */
  minutes: number
}

/** The link that proves the address typed at a social sign-in whose provider shared no verified email; following it signs in. */
export const socialEmailConfirmMail = textMail<SocialEmailConfirmValues>({
  name: 'socialEmailConfirm',
  subject: /*i18n*/ { id: 'socialEmailConfirm.subject', message: 'Confirm your email to sign in to {shop} with {provider}' },
  // No name: the address is not yet known to be the customer's, so the mail carries nothing the provider sent.
  intro: [
    /*i18n*/ {
      id: 'socialEmailConfirm.what',
      message: 'Someone is signing in to {shop} with {provider} and gave this email. Confirm that it is yours to finish signing in.',
    },
    /*i18n*/ {
      id: 'socialEmailConfirm.where',
      message: 'Open the link in the same browser where you signed in with {provider}. It works once, for {minutes} minutes.',
    },
  ],
  action: { label: /*i18n*/ { id: 'socialEmailConfirm.action', message: 'Confirm and sign in' }, link: 'link' },
  outro: [
    /*i18n*/ {
      id: 'socialEmailConfirm.notYou',
      message: 'If you are not signing in with {provider}, ignore this email: nothing changes until the link is followed.',
    },
  ],
})
