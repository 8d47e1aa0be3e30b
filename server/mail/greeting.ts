import type { I18n } from '@lingui/core'

/** "Hello Thandi," or, for a customer whose name we do not know (some social sign-ins), "Hello,". */
export function greeting(i18n: I18n, firstName: string): string {
  const name = firstName.trim()
  return name ? i18n._({ id: 'mail.greeting', message: 'Hello {name},', values: { name } }) : i18n._({ id: 'mail.greetingWithoutName', message: 'Hello,' })
}

/**
 * The first name a mail to the account's own address may greet with: none while that address was never verified
 * (`email_verified_at` null), as it may be anyone's, so nobody sends a name they chose to an address they do not own.
 * The sign-up confirmation and the email-change link, both to unproven addresses, never carry it either.
 */
export const nameToGreet = (customer: { first_name: string; verified: boolean }): string => (customer.verified ? customer.first_name : '')
