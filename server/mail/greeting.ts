import type { I18n } from '@lingui/core'

/** "Hello Thandi," or, for a customer whose name we do not know (some social sign-ins), "Hello,". */
export function greeting(i18n: I18n, firstName: string): string {
  const name = firstName.trim()
  return name ? i18n._({ id: 'mail.greeting', message: 'Hello {name},', values: { name } }) : i18n._({ id: 'mail.greetingWithoutName', message: 'Hello,' })
}
