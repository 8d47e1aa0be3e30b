import type { PriceChange } from './cartPrices.ts'
import { toCents } from './money.ts'

/**
 * What the customer ordered at on this device against the total the server placed the order at; null when equal or
 * unknown. (Apart from cartPrices.ts, which the cart's first paint loads: the queued order's code loads this.)
 */
export function orderedPriceChange(ordered: { total: number } | null, placedTotal: number): PriceChange | null {
  if (!ordered || toCents(ordered.total) === toCents(placedTotal)) return null
  return { was: ordered.total, now: placedTotal }
}
