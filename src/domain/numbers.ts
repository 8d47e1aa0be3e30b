import { intlLocale } from './language.ts'

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })
    formats.set(key, format)
  }
  return format
}

/**
 * A number as the language writes it, thousands grouped with a no-break space (so "1 299" never wraps):
 * Afrikaans with CLDR's decimal comma (1 299,50); English and isiXhosa with a point (1 299.50), as rand
 * prices and data figures are written in South Africa although CLDR's en-ZA decimal is a comma.
 */
export function formatNumber(value: number, language: string, fractionDigits = 0): string {
  const locale = intlLocale(language)
  const parts = numberFormat(locale, fractionDigits).formatToParts(value)
  return parts.map((part) => (part.type === 'decimal' && language !== 'af' ? '.' : part.value)).join('')
}
