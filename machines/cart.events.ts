import * as v from 'valibot'
import type { CartState, OrderLine } from '../src/domain/cartState.ts'
import { factDefinitions, makeFact, type CartFact, type Fact } from '../src/domain/events.ts'
import { CartLineSchema } from '../src/domain/order.ts'

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

/** The fact an intent becomes: the same input always gives the same fact. */
export function factFromIntent(intent: CartIntent): CartFactRecord {
  const stamp = { id: intent.factId, occurredAt: intent.occurredAt }
  switch (intent.type) {
    case 'cart.line.add':
      return makeFact('v1.CartLineAdded', { line: intent.line }, stamp)
    case 'cart.line.remove':
      return makeFact('v1.CartLineRemoved', { cart_id: intent.cart_id }, stamp)
    case 'cart.line.rename':
      return makeFact('v1.CartLineRenamed', { cart_id: intent.cart_id, friendly_name: intent.friendly_name }, stamp)
    case 'cart.clear':
      return makeFact('v1.CartCleared', {}, stamp)
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

const StampSchema = v.object({ factId: v.pipe(v.string(), v.nonEmpty()), occurredAt: v.pipe(v.string(), v.isoTimestamp()) })
const CartSchema = v.object({ order_lines: v.array(CartLineSchema), total: v.number() })
const intentSchema = <E extends v.ObjectEntries>(payload: v.ObjectSchema<E, undefined>) => v.object({ ...payload.entries, ...StampSchema.entries })

/** What each event carries besides its type, checked before a tester (the machine lab) sends it: an intent carries its fact's payload. */
export const cartEventSchemas = {
  'cart.line.add': intentSchema(factDefinitions['v1.CartLineAdded'].payload),
  'cart.line.remove': intentSchema(factDefinitions['v1.CartLineRemoved'].payload),
  'cart.line.rename': intentSchema(factDefinitions['v1.CartLineRenamed'].payload),
  'cart.clear': StampSchema,
  'cart.synced': v.object({ cart: CartSchema }),
} satisfies Record<CartEvent['type'], v.GenericSchema>
