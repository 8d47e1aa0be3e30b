import { formatNumber } from './numbers.ts'

/** Rand amounts as the storefront shows them, in the customer's language: R299, R1 299, R99.50 (Afrikaans R99,50). */
export function formatRand(amount: number, language: string): string {
  // `|| 0` turns -0 into 0, which Intl would print as "-0".
  const rounded = Math.round(amount * 100) / 100 || 0
  // A balance in the customer's favour reads -R50, not R-50.
  if (rounded < 0) return `-${formatRand(-rounded, language)}`
  return `R${formatNumber(rounded, language, Number.isInteger(rounded) ? 0 : 2)}`
}

/** Rand to whole cents, the unit every sum is done in so no float error reaches a total. */
export const toCents = (rand: number): number => Math.round(rand * 100)

/** South Africa's standard VAT rate, in percent. */
export const VAT_PERCENT = 15

/** The VAT inside a VAT-inclusive amount (prices in South Africa include it): cents × 15/115, half a cent rounded up, in integers. */
export function vatInclusiveCents(totalCents: number): number {
  return Math.floor((2 * VAT_PERCENT * totalCents + (100 + VAT_PERCENT)) / (2 * (100 + VAT_PERCENT)))
}
