import type { Package, PackagesAnswer } from '../../../domain/serviceActions.ts'

/** What moving to `to` changes, for the summary under the list: the price per cycle and the speed. */
export interface PackageChange {
  to: Package
  /** Rand per cycle now and after, and the difference (negative: cheaper). */
  priceBefore: number
  priceAfter: number
  difference: number
  direction: 'upgrade' | 'downgrade'
}

/** The change to the chosen package, or null while none is chosen. */
export function packageChange(answer: PackagesAnswer, chosen: number | null): PackageChange | null {
  const to = answer.packages.find((p) => p.product_id === chosen)
  if (!to) return null
  const difference = Math.round((to.unit_price - answer.current_price) * 100) / 100
  return {
    to,
    priceBefore: answer.current_price,
    priceAfter: to.unit_price,
    difference,
    direction: difference >= 0 ? 'upgrade' : 'downgrade',
  }
}
