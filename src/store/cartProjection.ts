import { emptyCart, type CartState } from '../domain/cart.ts'
import { applyCartFact, CART_PROJECTION_VERSION } from '../domain/cartProjection.ts'
import { isCartFact } from '../domain/events.ts'
import type { Projection } from './projection.ts'

/** The cart read model, folded by the same pure function the cart machine uses. */
export const cartProjection: Projection<CartState> = {
  name: 'cart',
  version: CART_PROJECTION_VERSION,
  table: 'cart',
  initial: emptyCart,
  apply: (state, fact) => (isCartFact(fact) ? applyCartFact(state, fact) : state),
}
