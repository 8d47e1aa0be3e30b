import { formatNumber } from './numbers.ts'

/** Rand amounts as the storefront shows them, in the customer's language: R299, R1 299, R99.50 (Afrikaans R99,50). */
export function formatRand(amount: number, language: string): string {
  // `|| 0` turns -0 into 0, which Intl would print as "-0".
  const rounded = Math.round(amount * 100) / 100 || 0
  // A balance in the customer's favour reads -R50, not R-50.
  if (rounded < 0) return `-${formatRand(-rounded, language)}`
  return `R${formatNumber(rounded, language, Number.isInteger(rounded) ? 0 : 2)}`
}
