import * as v from 'valibot'
import { AddressSchema, UserSchema } from './account.ts'
import { LANGUAGES, type Language } from './language.ts'
import { CartLineSchema, CreateOrderRequestSchema, OrderSchema } from './order.ts'
import { CheckoutSchema, ResultSchema } from './payment.ts'
import { AddressIdSchema, ProfileSchema } from './profile.ts'
import { SimNameSchema } from './simName.ts'

/** The streams of the device's event log: each area's facts, folded by that area's projection. */
export type FactStream = 'cart' | 'auth' | 'orders' | 'payments' | 'language' | 'account' | 'services' | 'install'

/** Lifts a stored payload of one version to the next; it gets the payload as stored, before any check. */
export type Upcaster = (older: Readonly<Record<string, unknown>>) => Record<string, unknown>

/** Everything about one kind of fact: the stream it belongs to, its payload's schema and version. */
export interface FactDefinition<S extends string = string, P extends v.GenericSchema = v.GenericSchema> {
  stream: S
  /** 1, plus one per upcaster; the fact's name starts with it (`v2.CartLineAdded`). */
  version: number
  payload: P
  /** `upcasters[n - 1]` lifts a payload of version n to n + 1: facts of older versions are read as today's. */
  upcasters: readonly Upcaster[]
}

export function defineFact<S extends string, P extends v.GenericSchema>(stream: S, payload: P, upcasters: readonly Upcaster[] = []): FactDefinition<S, P> {
  return { stream, version: upcasters.length + 1, payload, upcasters }
}

const nothing = v.object({})
const key = v.pipe(v.string(), v.nonEmpty())

/**
 * The facts kept in the device's event log: past tense, never renamed nor deleted. A new version of a fact adds
 * an upcaster and takes the next prefix (`v2.`); facts stored under the older name are read as the new one.
 */
export const factDefinitions = {
  'v1.CartLineAdded': defineFact('cart', v.object({ line: CartLineSchema })),
  'v1.CartLineRemoved': defineFact('cart', v.object({ cart_id: key })),
  'v1.CartLineRenamed': defineFact('cart', v.object({ cart_id: key, friendly_name: v.string() })),
  'v1.CartCleared': defineFact('cart', nothing),
  /** Who is signed in on this device, so a reload offline still knows the customer. */
  'v1.CustomerSignedIn': defineFact('auth', v.object({ user: UserSchema })),
  'v1.CustomerSignedOut': defineFact('auth', nothing),
  /** The customer deleted their account: the device forgets them and everything it kept for them. */
  'v1.AccountDeleted': defineFact('auth', v.object({ customerId: v.number() })),
  /** The fact id of OrderPlaced is the order's client id and Idempotency-Key. */
  'v1.OrderPlaced': defineFact('orders', v.object({ order: CreateOrderRequestSchema.entries.order, customerId: v.number() })),
  'v1.OrderAcknowledged': defineFact('orders', v.object({ clientId: key, order: OrderSchema })),
  'v1.OrderRejected': defineFact('orders', v.object({ clientId: key, reason: v.string(), status: v.nullable(v.number()) })),
  'v1.OrderReturnedToCart': defineFact('orders', v.object({ clientId: key })),
  /** The card checkout this device created, and each answer the provider gave. */
  'v1.PaymentCheckoutCreated': defineFact('payments', v.object({ checkout: CheckoutSchema, customerId: v.number() })),
  'v1.PaymentResultReceived': defineFact(
    'payments',
    v.object({
      customerId: v.number(),
      orderId: v.number(),
      checkoutId: v.nullable(v.string()),
      method: v.picklist(['card', 'wallet']),
      status: v.number(),
      result: ResultSchema,
    }),
  ),
  /** The customer's own edits of their account, each queued for the server under the fact id as its Idempotency-Key. */
  'v1.ProfileEdited': defineFact('account', v.object({ customerId: v.number(), profile: ProfileSchema })),
  'v1.AddressSaved': defineFact('account', v.object({ customerId: v.number(), address_id: AddressIdSchema, address: AddressSchema, is_default: v.boolean() })),
  'v1.AddressRemoved': defineFact('account', v.object({ customerId: v.number(), address_id: AddressIdSchema })),
  'v1.DefaultAddressChosen': defineFact('account', v.object({ customerId: v.number(), address_id: AddressIdSchema })),
  /** The server made the edit: the customer as it answered. */
  'v1.AccountEditAcknowledged': defineFact('account', v.object({ editId: key, user: UserSchema })),
  /** The server refused the edit for good; `field` names the input its message belongs to, when one does. */
  'v1.AccountEditRefused': defineFact('account', v.object({ editId: key, reason: v.string(), field: v.nullable(v.string()), status: v.nullable(v.number()) })),
  /** The customer has seen a refusal and put the form away. */
  'v1.AccountRefusalDismissed': defineFact('account', v.object({ editId: key })),
  /** The customer named a SIM; the fact id is the rename's id and Idempotency-Key (the outbox sends it). */
  'v1.SimRenamed': defineFact('services', v.object({ customerId: v.number(), serviceId: v.number(), name: SimNameSchema })),
  /** The server took the rename; `answeredAt` is when, so a server copy fetched after it shows the server's name. */
  'v1.SimRenameAcknowledged': defineFact(
    'services',
    v.object({ renameId: key, customerId: v.number(), serviceId: v.number(), name: v.string(), answeredAt: v.string() }),
  ),
  'v1.SimRenameRejected': defineFact('services', v.object({ renameId: key, customerId: v.number(), serviceId: v.number(), reason: v.string() })),
  /** The language the customer chose on this device (committed once its catalogue was shown). */
  'v1.LanguageChosen': defineFact('language', v.object({ language: v.picklist(LANGUAGES) })),
  /** The customer said "Not now" to installing the app (its time is the fact's): the offer rests for a while. */
  'v1.InstallOfferDeclined': defineFact('install', nothing),
  /** The customer put away the hint to add the app to the home screen (iOS Safari): it is not shown again. */
  'v1.InstallHintDismissed': defineFact('install', nothing),
} satisfies Record<string, FactDefinition<FactStream>>

type Definitions = typeof factDefinitions
export type FactType = keyof Definitions
export type FactPayload<T extends FactType> = v.InferOutput<Definitions[T]['payload']>
type Bodies = { [T in FactType]: { type: T; payload: FactPayload<T> } }
export type FactBody = Bodies[FactType]
type StreamFacts<S extends FactStream> = { [T in FactType]: Definitions[T]['stream'] extends S ? Bodies[T] : never }[FactType]

export type CartFact = StreamFacts<'cart'>
export type AuthFact = StreamFacts<'auth'>
export type OrderFact = StreamFacts<'orders'>
export type PaymentFact = StreamFacts<'payments'>
export type AccountFact = StreamFacts<'account'>
export type ServiceFact = StreamFacts<'services'>

/** Who made a fact and when: made by the sender, so the same input always gives the same fact. */
export interface FactStamp {
  /** Unique id made when the intent was committed; doubles as an idempotency key. */
  id: string
  /** ISO time of the intent. */
  occurredAt: string
}

/** A fact as stored: the body plus its identity and place in a stream. */
export type Fact<B extends FactBody = FactBody> = B &
  FactStamp & {
    stream: string
    /** Version of the payload's schema. */
    v: number
  }

/** The one maker of facts: the stream and version come from the fact's definition. */
export function makeFact<T extends FactType>(type: T, payload: FactPayload<T>, stamp: FactStamp): Fact<Bodies[T]> {
  const { stream, version } = factDefinitions[type]
  return { type, payload, id: stamp.id, occurredAt: stamp.occurredAt, stream, v: version } as Fact<Bodies[T]>
}

const streamOf = (type: string): string | undefined => (Object.hasOwn(factDefinitions, type) ? factDefinitions[type as FactType].stream : undefined)

const inStream =
  <S extends FactStream>(stream: S) =>
  <F extends { type: string }>(fact: F): fact is Extract<F, StreamFacts<S>> =>
    streamOf(fact.type) === stream

/** True for the facts the cart projection folds; other kinds share the same log. */
export const isCartFact = inStream('cart')
export const isAuthFact = inStream('auth')
export const isOrderFact = inStream('orders')
export const isPaymentFact = inStream('payments')
export const isAccountFact = inStream('account')
export const isServiceFact = inStream('services')

/** The language a stored v1.LanguageChosen fact names; null for none. */
export function chosenLanguage(fact: Fact | null | undefined): Language | null {
  return fact?.type === 'v1.LanguageChosen' ? fact.payload.language : null
}
