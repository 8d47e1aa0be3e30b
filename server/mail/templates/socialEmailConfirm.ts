import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface SocialEmailConfirmValues {
  /** The provider's name as customers know it: Google, Facebook or X. */
  provider: string
  /** The link to /social_confirm. */
  link: string
  /** How long the link works. */
  minutes: number
}

/** The link that proves the address typed at a social sign-in whose provider shared no verified email; following it signs in. */
export const socialEmailConfirmMail: MailTemplate<SocialEmailConfirmValues> = {
  name: 'socialEmailConfirm',
  render: (i18n, { provider, link, minutes }) => ({
    subject: i18n._({
      id: 'socialEmailConfirm.subject',
      message: 'Confirm your email to sign in to {shop} with {provider}',
      values: { shop: shopName, provider },
    }),
    // No name: the address is not yet known to be the customer's, so the mail carries nothing the provider sent.
    greeting: greeting(i18n, ''),
    intro: [
      i18n._({
        id: 'socialEmailConfirm.what',
        message: 'Someone is signing in to {shop} with {provider} and gave this email. Confirm that it is yours to finish signing in.',
        values: { shop: shopName, provider },
      }),
      i18n._({
        id: 'socialEmailConfirm.where',
        message: 'Open the link in the same browser where you signed in with {provider}. It works once, for {minutes} minutes.',
        values: { provider, minutes },
      }),
    ],
    action: { label: i18n._({ id: 'socialEmailConfirm.action', message: 'Confirm and sign in' }), url: link },
    outro: [
      i18n._({
        id: 'socialEmailConfirm.notYou',
        message: 'If you are not signing in with {provider}, ignore this email: nothing changes until the link is followed.',
        values: { provider },
      }),
    ],
  }),
}
