import { emptyCart, type CartState } from './cart.ts'
import type { CartFact } from './events.ts'

/** Bumped when the cart projection's shape or rules change; a new version rebuilds from the log. */
export const CART_PROJECTION_VERSION = 1

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
