/**
 * The facts kept in the device's event log: past tense, never renamed nor deleted. A new version of a fact adds
 * an upcaster and takes the next prefix (`v2.`); facts stored under the older name are read as the new one.
 *
 * Each family lives in one module of `facts/`: its facts' definitions, its pure projection with its Dexie table, and
 * the erasure rule of each fact. The store derives the projections it keeps, the database's tables and the erasure of
 * a customer from `factFamilies` below.
 *
 * To add a fact to a family (3 files, and the translations when a screen shows new text):
 * 1. `src/domain/facts/<family>Facts.ts`: its definition in `facts`, its case in the projection's fold, its erasure rule;
 * 2. the machine's effect or the feature that commits it with `makeFact()` (`src/features/…` or `src/app/…`);
 * 3. the family's test in `test/domain/facts/`: a sample payload (`describeFamily` checks it round-trips) and its fold;
 * 4. only for new screen text: `npm run i18n:extract`, then its isiXhosa and Afrikaans in `locales/*.po`.
 * The compiler holds you to 1 and 3: a fact without a fold case, an erasure rule or a sample does not compile.
 * To add a family: a new module in `facts/` named in `factFamilies`, its test, and its projection's table in the next
 * Dexie version (`since`; never an older one), added to the released versions in `test/store/schema.test.ts`. A family
 * read straight from the log says `projection: 'log only'`.
 * To change a fact's payload: `v2.` and an upcaster in its definition; to change a projection: bump its version.
 */
import type * as v from 'valibot'
import type { Language } from './languageCodes.ts'
import { accountFamily } from './facts/accountFacts.ts'
import { authFamily } from './facts/authFacts.ts'
import { cartFamily } from './facts/cartFacts.ts'
import type { FactStamp } from './facts/family.ts'
import { installFamily } from './facts/installFacts.ts'
import { languageFamily } from './facts/languageFacts.ts'
import { orderFamily } from './facts/orderFacts.ts'
import { paymentFamily } from './facts/paymentFacts.ts'
import { simNameFamily } from './facts/simNameFacts.ts'

export { defineFact, type FactDefinition, type FactStamp, type Upcaster } from './facts/family.ts'
export type { AccountFact } from './facts/accountFacts.ts'
export type { AuthFact } from './facts/authFacts.ts'
export type { CartFact } from './facts/cartFacts.ts'
export type { OrderFact } from './facts/orderFacts.ts'
export type { PaymentFact } from './facts/paymentFacts.ts'
export type { ServiceFact } from './facts/simNameFacts.ts'

/** Every fact family, in the order their projections fold a fact. */
export const factFamilies = [cartFamily, authFamily, orderFamily, paymentFamily, accountFamily, simNameFamily, languageFamily, installFamily] as const

/** The streams of the device's event log: each family's facts, folded by that family's projection. */
export type FactStream = (typeof factFamilies)[number]['stream']

type AllOf<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never
type Definitions = AllOf<(typeof factFamilies)[number]['facts']>

/** Every fact this build knows, by name: the families' definitions together. */
export const factDefinitions: Definitions = Object.assign({}, ...factFamilies.map((family) => family.facts))

export type FactType = keyof Definitions
export type FactPayload<T extends FactType> = v.InferOutput<Definitions[T]['payload']>
type Bodies = { [T in FactType]: { type: T; payload: FactPayload<T> } }
export type FactBody = Bodies[FactType]
type StreamFacts<S extends FactStream> = { [T in FactType]: Definitions[T]['stream'] extends S ? Bodies[T] : never }[FactType]

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
