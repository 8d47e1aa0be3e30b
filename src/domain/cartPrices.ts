import type { CartState } from './cartState.ts'
import { toCents } from './money.ts'
import type { Product } from './product.ts'

/** A cart line's price when it was added, and the catalogue's price for it now. */
export interface PriceChange {
  was: number
  now: number
}

/** The cart as the customer sees it and orders it, and the lines whose price changed since they were added (by cart_id). */
export interface PricedCart {
  cart: CartState
  changes: ReadonlyMap<string, PriceChange>
}

/**
 * The cart at the catalogue's prices: a line whose product costs something else now than when it was added takes the
 * catalogue's price (what the order is placed at: the server prices it from the same catalogue) and is named in
 * `changes`, so the cart tells the customer before they order. A line whose product the catalogue does not list (no
 * catalogue yet, or the product is no longer sold) keeps the price it was added at.
 */
export function cartAtCatalogue(cart: CartState, products: readonly Product[]): PricedCart {
  const prices = new Map(products.map((product) => [product.id, product.unit_price]))
  const changes = new Map<string, PriceChange>()
  const lines = cart.order_lines.map((line) => {
    const now = prices.get(line.product_id)
    if (now === undefined || toCents(now) === toCents(line.unit_price)) return line
    changes.set(line.cart_id, { was: line.unit_price, now })
    return { ...line, unit_price: now }
  })
  if (changes.size === 0) return { cart, changes }
  return { cart: { order_lines: lines, total: lines.reduce((cents, line) => cents + toCents(line.unit_price), 0) / 100 }, changes }
}
