import { intlLocale } from './languageCodes.ts'

const NO_BREAK_SPACE = '\u00a0'

/** `value` (not negative, as JavaScript writes it without an exponent) to `digits` decimals, half away from zero: Intl's rounding. */
function toDecimals(value: string, digits: number): { whole: string; fraction: string } {
  const [whole = '0', written = ''] = value.split('.')
  const kept = BigInt(whole + written.padEnd(digits, '0').slice(0, digits)) + ((written[digits] ?? '0') >= '5' ? 1n : 0n)
  const all = kept.toString().padStart(digits + 1, '0')
  return { whole: all.slice(0, all.length - digits), fraction: all.slice(all.length - digits) }
}

/**
 * A number as the language writes it, thousands grouped with a no-break space (so "1 299" never wraps):
 * Afrikaans with CLDR's decimal comma (1 299,50); English and isiXhosa with a point (1 299.50), as rand
 * prices and data figures are written in South Africa although CLDR's en-ZA decimal is a comma.
 * Written out as Intl.NumberFormat writes it (rounding the number's shortest decimal form half away from zero)
 * rather than with it: its first use in a page costs a phone tens of milliseconds in the first page's hydration.
 */
export function formatNumber(value: number, language: string, fractionDigits = 0): string {
  const written = String(Math.abs(value))
  if (!Number.isFinite(value) || written.includes('e')) {
    const parts = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).formatToParts(
      value,
    )
    return parts.map((part) => (part.type === 'decimal' && language !== 'af' ? '.' : part.value)).join('')
  }
  const { whole, fraction } = toDecimals(written, fractionDigits)
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  const decimals = fraction === '' ? '' : `${language === 'af' ? ',' : '.'}${fraction}`
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, NO_BREAK_SPACE)}${decimals}`
}
