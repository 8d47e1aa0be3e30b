import { textMail } from '../textMail.ts'

export interface SignInLinkedValues {
  firstName: string
  /** The provider's name as customers know it: Google, Facebook or X. */
  provider: string
  /** The verified email the provider signed in with. */
  email: string
  /** The link to /sign_in_removal, which removes this sign-in. */
  link: string
}

/** Sent to the account's address when a provider sign-in with its email joins the account: it can remove that sign-in. */
export const signInLinkedMail = textMail<SignInLinkedValues>({
  name: 'signInLinked',
  subject: /*i18n*/ { id: 'signInLinked.subject', message: '{provider} now signs in to your {shop} account' },
  greets: 'firstName',
  intro: [
    /*i18n*/ {
      id: 'signInLinked.what',
      message: 'Someone signed in to your {shop} account with {provider} as {email}. From now on that {provider} account signs in to yours.',
    },
    /*i18n*/ { id: 'signInLinked.remove', message: 'If this was not you, remove that sign-in with the link below, then change your password.' },
  ],
  action: { label: /*i18n*/ { id: 'signInLinked.action', message: 'Remove this sign-in' }, link: 'link' },
  outro: [/*i18n*/ { id: 'signInLinked.wasYou', message: 'If it was you, there is nothing to do. Your profile lists every sign-in linked to your account.' }],
})
