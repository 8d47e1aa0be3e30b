import type { User } from './account.ts'
import type { OrderLine } from './cart.ts'
import type { CreateOrderRequest, Order } from './order.ts'
import { isLanguage, type Language } from './language.ts'
import type { Checkout, PaymentResult } from './payment.ts'

/** Facts kept in the device's event log: versioned, past tense, never renamed. */
export type CartFact =
  | { type: 'v1.CartLineAdded'; payload: { line: OrderLine } }
  | { type: 'v1.CartLineRemoved'; payload: { cart_id: string } }
  | { type: 'v1.CartLineRenamed'; payload: { cart_id: string; friendly_name: string } }
  | { type: 'v1.CartCleared'; payload: Record<string, never> }

/** Facts about who is signed in on this device, so a reload offline still knows the customer. */
export type AuthFact =
  | { type: 'v1.CustomerSignedIn'; payload: { user: User } }
  | { type: 'v1.CustomerSignedOut'; payload: Record<string, never> }

/** Facts about the customer's orders; the fact id of OrderPlaced is the order's client id and Idempotency-Key. */
export type OrderFact =
  | { type: 'v1.OrderPlaced'; payload: { order: CreateOrderRequest['order']; customerId: number } }
  | { type: 'v1.OrderAcknowledged'; payload: { clientId: string; order: Order } }
  | { type: 'v1.OrderRejected'; payload: { clientId: string; reason: string; status: number | null } }
  | { type: 'v1.OrderReturnedToCart'; payload: { clientId: string } }

/** Facts about paying: the card checkout this device created, and each answer the provider gave. */
export type PaymentFact =
  | { type: 'v1.PaymentCheckoutCreated'; payload: { checkout: Checkout; customerId: number } }
  | {
      type: 'v1.PaymentResultReceived'
      payload: { customerId: number; orderId: number; checkoutId: string | null; method: 'card' | 'wallet'; status: number; result: PaymentResult }
    }

/** The customer chose the language the app speaks on this device (committed once its catalogue was shown). */
export type LanguageFact = { type: 'v1.LanguageChosen'; payload: { language: Language } }

export type FactBody = CartFact | AuthFact | OrderFact | PaymentFact | LanguageFact

/** The stream every language fact belongs to. */
export const LANGUAGE_STREAM = 'language'

/** The language a stored v1.LanguageChosen fact names; null for no fact or a payload this build does not know. */
export function chosenLanguage(fact: Fact | undefined): Language | null {
  if (fact?.type !== 'v1.LanguageChosen') return null
  return isLanguage(fact.payload.language) ? fact.payload.language : null
}

/** The stream every payment fact belongs to. */
export const PAYMENT_STREAM = 'payments'

export function isPaymentFact<F extends { type: string }>(fact: F): fact is Extract<F, PaymentFact> {
  return fact.type === 'v1.PaymentCheckoutCreated' || fact.type === 'v1.PaymentResultReceived'
}

/** The stream every order fact belongs to. */
export const ORDER_STREAM = 'orders'

const orderFactTypes: ReadonlySet<string> = new Set<OrderFact['type']>([
  'v1.OrderPlaced',
  'v1.OrderAcknowledged',
  'v1.OrderRejected',
  'v1.OrderReturnedToCart',
])

export function isOrderFact<F extends { type: string }>(fact: F): fact is Extract<F, OrderFact> {
  return orderFactTypes.has(fact.type)
}

/** The stream every auth fact belongs to. */
export const AUTH_STREAM = 'auth'

export function isAuthFact<F extends { type: string }>(fact: F): fact is Extract<F, AuthFact> {
  return fact.type === 'v1.CustomerSignedIn' || fact.type === 'v1.CustomerSignedOut'
}

/** The stream every cart fact belongs to. */
export const CART_STREAM = 'cart'

const cartFactTypes: ReadonlySet<string> = new Set<CartFact['type']>([
  'v1.CartLineAdded',
  'v1.CartLineRemoved',
  'v1.CartLineRenamed',
  'v1.CartCleared',
])

/** True for facts the cart projection folds; later fact kinds share the same log. */
export function isCartFact<F extends { type: string }>(fact: F): fact is Extract<F, CartFact> {
  return cartFactTypes.has(fact.type)
}

/** A fact as stored: the body plus its identity and place in a stream. */
export type Fact<B extends FactBody = FactBody> = B & {
  /** Unique id made when the intent was committed; doubles as an idempotency key. */
  id: string
  stream: string
  occurredAt: string
  /** Schema version of the payload. */
  v: number
}
