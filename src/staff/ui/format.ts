import { useLingui } from '@lingui/react/macro'

/** A moment as the member reads it: date and time in South Africa, in the member's language's order. */
export function useDateTime(): (iso: string | null | undefined) => string {
  const { i18n } = useLingui()
  // isiXhosa takes en-ZA's formats, as the storefront does (src/domain/languageCodes.ts).
  const locale = i18n.locale === 'af' ? 'af-ZA' : 'en-ZA'
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' })
  return (iso) => (iso ? format.format(new Date(iso)) : '—')
}

/**
 * Rand as the storefront writes it (R299, R1 299.50, Afrikaans R1 299,50), for the staff app. The storefront's
 * formatRand (src/domain/money.ts) lives in the customer's first-paint chunk, which the staff app must not load (it
 * reads the storefront's page settings when it runs), so the staff app writes the same form with Intl.
 */
export function useMoney(): (rand: number) => string {
  const { i18n } = useLingui()
  const af = i18n.locale === 'af'
  const whole = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 })
  const cents = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return (rand) => {
    const rounded = Math.round(rand * 100) / 100 || 0
    const parts = (Number.isInteger(rounded) ? whole : cents).formatToParts(Math.abs(rounded))
    const written = parts.map((part) => (part.type === 'group' ? '\u00a0' : part.type === 'decimal' ? (af ? ',' : '.') : part.value)).join('')
    return `${rounded < 0 ? '-' : ''}R${written}`
  }
}

/** Both at once, for screens that show rand and moments. */
export function useFormats(): { money: (rand: number) => string; when: (iso: string | null | undefined) => string } {
  return { money: useMoney(), when: useDateTime() }
}
