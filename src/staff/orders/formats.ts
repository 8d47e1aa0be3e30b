import { useLingui } from '@lingui/react/macro'

/** Rand and dates as the member's language writes them (South African conventions). */
export function useFormats() {
  const { i18n } = useLingui()
  const locale = `${i18n.locale}-ZA`
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'ZAR' })
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return { money: (amount: number) => money.format(amount), when: (iso: string) => when.format(new Date(iso)) }
}
