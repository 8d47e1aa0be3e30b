import { useSelector } from '@xstate/react'
import type { CartState } from '../../domain/cart.ts'
import { cartActor } from './cartActor.ts'

/** The cart as the running cart actor holds it (restored at start, followed across tabs). */
export function useCart(): CartState {
  return useSelector(cartActor(), (snapshot) => snapshot.context.cart)
}

/** Number of lines, for the header badge. */
export function useCartLineCount(): number {
  return useSelector(cartActor(), (snapshot) => snapshot.context.cart.order_lines.length)
}
