import * as v from 'valibot'
import { emptyCart, type CartState } from '../cartState.ts'
import { CartLineSchema } from '../order.ts'
import { defineFact, defineFamily, factKey, type FactOf } from './family.ts'

/** The device's cart: lines added, removed and renamed before an order is placed. */
const facts = {
  'v1.CartLineAdded': defineFact('cart', v.object({ line: CartLineSchema })),
  'v1.CartLineRemoved': defineFact('cart', v.object({ cart_id: factKey })),
  'v1.CartLineRenamed': defineFact('cart', v.object({ cart_id: factKey, friendly_name: v.string() })),
  'v1.CartCleared': defineFact('cart', v.object({})),
}

export type CartFact = FactOf<typeof facts>

/** Pure fold of one cart fact into the cart state; used by the store and by the cart machine. */
export function applyCartFact(state: CartState, fact: CartFact): CartState {
  switch (fact.type) {
    case 'v1.CartLineAdded':
      return {
        order_lines: [...state.order_lines, fact.payload.line],
        total: state.total + fact.payload.line.unit_price,
      }
    case 'v1.CartLineRemoved': {
      const line = state.order_lines.find((l) => l.cart_id === fact.payload.cart_id)
      if (!line) return state
      return {
        order_lines: state.order_lines.filter((l) => l !== line),
        total: state.total - line.unit_price,
      }
    }
    case 'v1.CartLineRenamed':
      return {
        ...state,
        order_lines: state.order_lines.map((l) => {
          if (l.cart_id !== fact.payload.cart_id) return l
          const [first, ...rest] = l.product_configs.configs
          return {
            ...l,
            product_configs: {
              ...l.product_configs,
              configs: [{ ...first, friendly_name: fact.payload.friendly_name }, ...rest],
            },
          }
        }),
      }
    case 'v1.CartCleared':
      return emptyCart()
  }
}

export const cartFamily = defineFamily({
  stream: 'cart',
  facts,
  // The cart is the device's, not a customer's.
  erasure: { 'v1.CartLineAdded': 'names nobody', 'v1.CartLineRemoved': 'names nobody', 'v1.CartLineRenamed': 'names nobody', 'v1.CartCleared': 'names nobody' },
  projection: {
    name: 'cart',
    version: 1,
    table: 'cart',
    since: 1,
    initial: emptyCart,
    streams: ['cart'],
    apply: applyCartFact,
    forget: null,
  },
})
