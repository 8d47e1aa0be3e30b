import type { OrderLine } from './cart.ts'

/** Facts kept in the device's event log: versioned, past tense, never renamed. */
export type CartFact =
  | { type: 'v1.CartLineAdded'; payload: { line: OrderLine } }
  | { type: 'v1.CartLineRemoved'; payload: { cart_id: string } }
  | { type: 'v1.CartLineRenamed'; payload: { cart_id: string; friendly_name: string } }
  | { type: 'v1.CartCleared'; payload: Record<string, never> }

export type FactBody = CartFact

/** A fact as stored: the body plus its identity and place in a stream. */
export type Fact<B extends FactBody = FactBody> = B & {
  /** Unique id made when the intent was committed; doubles as an idempotency key. */
  id: string
  stream: string
  occurredAt: string
  /** Schema version of the payload. */
  v: number
}
