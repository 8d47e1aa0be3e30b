import type { CartState, OrderLine } from '../src/domain/cart.ts'
import { CART_STREAM, type CartFact, type Fact } from '../src/domain/events.ts'

/** Identity and time of the fact an intent becomes; made by the sender so the machine stays pure. */
export interface Stamp {
  factId: string
  /** ISO time of the intent. */
  occurredAt: string
}

/** What the user asks of the cart: dotted, present tense. */
export type CartIntent =
  | ({ type: 'cart.line.add'; line: OrderLine } & Stamp)
  | ({ type: 'cart.line.remove'; cart_id: string } & Stamp)
  | ({ type: 'cart.line.rename'; cart_id: string; friendly_name: string } & Stamp)
  | ({ type: 'cart.clear' } & Stamp)

export type CartEvent =
  | CartIntent
  /** Another tab changed the stored cart projection. */
  | { type: 'cart.synced'; cart: CartState }

export type CartFactRecord = Fact<CartFact>

/** Version of the cart facts' payload schema. */
export const CART_FACT_VERSION = 1

/** The fact an intent becomes: the same input always gives the same fact. */
export function factFromIntent(intent: CartIntent): CartFactRecord {
  const envelope = { id: intent.factId, stream: CART_STREAM, occurredAt: intent.occurredAt, v: CART_FACT_VERSION }
  switch (intent.type) {
    case 'cart.line.add':
      return { ...envelope, type: 'v1.CartLineAdded', payload: { line: intent.line } }
    case 'cart.line.remove':
      return { ...envelope, type: 'v1.CartLineRemoved', payload: { cart_id: intent.cart_id } }
    case 'cart.line.rename':
      return {
        ...envelope,
        type: 'v1.CartLineRenamed',
        payload: { cart_id: intent.cart_id, friendly_name: intent.friendly_name },
      }
    case 'cart.clear':
      return { ...envelope, type: 'v1.CartCleared', payload: {} }
  }
}

/** Removing or renaming a line the cart does not hold changes nothing, so it records nothing. */
export function factApplies(cart: CartState, fact: CartFact): boolean {
  switch (fact.type) {
    case 'v1.CartLineRemoved':
    case 'v1.CartLineRenamed':
      return cart.order_lines.some((line) => line.cart_id === fact.payload.cart_id)
    case 'v1.CartLineAdded':
    case 'v1.CartCleared':
      return true
  }
}
