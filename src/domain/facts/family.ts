import * as v from 'valibot'

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

/** An id a fact names another by (an edit's, an order's, a rename's): never empty. */
export const factKey = v.pipe(v.string(), v.nonEmpty())

export function defineFact<S extends string, P extends v.GenericSchema>(stream: S, payload: P, upcasters: readonly Upcaster[] = []): FactDefinition<S, P> {
  return { stream, version: upcasters.length + 1, payload, upcasters }
}

/** Who made a fact and when: made by the sender, so the same input always gives the same fact. */
export interface FactStamp {
  /** Unique id made when the intent was committed; doubles as an idempotency key. */
  id: string
  /** ISO time of the intent. */
  occurredAt: string
}

export type FactDefinitions = Readonly<Record<string, FactDefinition>>

/** The facts a set of definitions describes, by type and payload. */
export type FactOf<D extends FactDefinitions, T extends keyof D & string = keyof D & string> = {
  [K in T]: { type: K; payload: v.InferOutput<D[K]['payload']> }
}[T]

/**
 * How erasing a customer from the device treats one kind of fact in the log: it names nobody, or it is theirs when it
 * names them (`customer`) or answers a fact of theirs (`answers` gives the key `opens` gave that fact).
 */
export type ErasureRule<F> =
  | 'names nobody'
  | {
      customer?: (fact: F) => number
      answers?: (fact: F) => string
      /** The key later answers name this fact by, once it is known as the customer's. */
      opens?: (fact: F) => string
    }

/** A read model a family folds from the log, kept in a Dexie table of its own. */
export interface FamilyProjection<S, F, T extends string = string> {
  name: string
  /** Bumped when the state's shape or rules change; a new version rebuilds from the log. */
  version: number
  /** Its Dexie table (keyed by name) and the database version that first declared it: never changed once released. */
  table: T
  since: number
  initial: () => S
  /** The streams it folds: its family's, and any other it reads answers from. */
  streams: readonly string[]
  /** Pure fold of one fact of those streams; returns the state unchanged for facts it does not use. */
  apply: (state: S, fact: F & FactStamp) => S
  /** What a customer's deletion drops from the state; null when the state holds nothing of a customer. */
  forget: ((state: S, customerId: number) => S) | null
}

/**
 * One fact family: its stream, its facts' definitions, the erasure rule of each and its projection, or 'log only'
 * for facts read straight from the log.
 */
export interface FactFamily<D extends FactDefinitions = FactDefinitions, S = unknown, F = never, T extends string = string> {
  stream: string
  facts: D
  erasure: { [K in keyof D & string]: ErasureRule<FactOf<D, K> & FactStamp> }
  projection: FamilyProjection<S, FactOf<D> | F, T> | 'log only'
}

/** Checks a family's parts against each other: every fact has an erasure rule, the projection folds its facts. */
export const defineFamily = <D extends FactDefinitions, S = never, F = never, T extends string = never>(
  family: FactFamily<D, S, F, T>,
): FactFamily<D, S, F, T> => family
