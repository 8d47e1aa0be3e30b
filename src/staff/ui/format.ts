import { useLingui } from '@lingui/react/macro'

/** A moment as the member reads it: date and time in South Africa, in the member's language's order. */
export function useDateTime(): (iso: string | null | undefined) => string {
  const { i18n } = useLingui()
  // isiXhosa takes en-ZA's formats, as the storefront does (src/domain/languageCodes.ts).
  const locale = i18n.locale === 'af' ? 'af-ZA' : 'en-ZA'
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' })
  return (iso) => (iso ? format.format(new Date(iso)) : '—')
}
