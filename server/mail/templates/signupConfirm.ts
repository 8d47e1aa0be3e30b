import type { I18n } from '@lingui/core'
import { textMail } from '../textMail.ts'

export interface SignupConfirmValues {
  /** The link to /verify_email. */
  link: string
  /** How long the link works. */
  days: number
  /** The sign-in providers the shop offers, by the names customers know (server/social/providerConfig.ts): the only ones the mail names. */
  providers: readonly string[]
}

/** "Google", "Google or X", "Google, Facebook or X", in the mail's language. */
function orList(i18n: I18n, names: readonly string[]): string {
  const last = names.at(-1) ?? ''
  if (names.length < 2) return last
  return i18n._({ id: 'mail.orList', message: '{list} or {last}', values: { list: names.slice(0, -1).join(', '), last } })
}

/**
 * The link that proves a new customer owns the email they signed up with; the account works meanwhile. No name in
 * the greeting: the address is not yet known to be the customer's, so the mail carries nothing they typed. Until it is
 * followed, a provider's sign-in with that email takes the account over: the mail warns of the providers offered, and
 * of none when none is.
 */
export const signupConfirmMail = textMail<SignupConfirmValues>({
  name: 'signupConfirm',
  subject: /*i18n*/ { id: 'signupConfirm.subject', message: 'Confirm your email for {shop}' },
  intro: [
    /*i18n*/ { id: 'signupConfirm.welcome', message: 'Welcome to {shop}. Please confirm that this email is yours.' },
    ({ providers }) =>
      providers.length > 0
        ? /*i18n*/ {
            id: 'signupConfirm.takeOver',
            message: 'Until you confirm, signing in with {providers} with this email takes the account over. The link works for {days} days.',
          }
        : /*i18n*/ { id: 'signupConfirm.linkDays', message: 'The link works for {days} days.' },
  ],
  action: { label: /*i18n*/ { id: 'signupConfirm.action', message: 'Confirm my email' }, link: 'link' },
  outro: [
    ({ providers }) =>
      providers.length > 0
        ? /*i18n*/ {
            id: 'signupConfirm.notYouProviders',
            message: 'If you did not sign up, someone used your email: sign in with it through {providers}, or ignore this email.',
          }
        : /*i18n*/ {
            id: 'signupConfirm.notYouReset',
            message: 'If you did not sign up, someone used your email: ask for a new password with it to take the account, or ignore this email.',
          },
  ],
  placeholders: ({ link, days, providers }, i18n) => ({ link, days, providers: orList(i18n, providers) }),
})
