/** Rand amounts as the spec shows them: R299, R1 299, R99.50 (en-ZA grouping). */
const whole = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatRand(amount: number): string {
  // `|| 0` turns -0 into 0, which Intl would print as "-0".
  const rounded = Math.round(amount * 100) / 100 || 0
  // A balance in the customer's favour reads -R50, not R-50.
  if (rounded < 0) return `-${formatRand(-rounded)}`
  const format = Number.isInteger(rounded) ? whole : cents
  // CLDR's en-ZA decimal is a comma, but rand prices are written with a point (R99.50).
  const text = format
    .formatToParts(rounded)
    .map((part) => (part.type === 'decimal' ? '.' : part.value))
    .join('')
  return `R${text}`
}
