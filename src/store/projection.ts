import { type Fact, factFamilies } from '../domain/events.ts'
import type { FactDefinitions, FactFamily } from '../domain/facts/family.ts'

/** Tables that hold a projection's current row, keyed by projection name: one per family that has a projection. */
export type ProjectionTable = Exclude<(typeof factFamilies)[number]['projection'], 'log only'>['table']

/** A read model folded from the log by a pure function; a new version rebuilds from the log. */
export interface Projection<S> {
  name: string
  version: number
  table: ProjectionTable
  initial: () => S
  /** Pure; returns the state unchanged for facts it does not fold. */
  apply: (state: S, fact: Fact) => S
}

/** A projection whose state type is forgotten so different ones can share a registry. */
export type AnyProjection = Projection<unknown>

export function eraseProjection<S>(projection: Projection<S>): AnyProjection {
  return projection as unknown as AnyProjection
}

/**
 * A family's projection as the store folds it: the facts of its streams, and a customer's deletion, which drops what
 * it held of them. Throws for a family read straight from the log.
 */
export function projectionOf<D extends FactDefinitions, S, F>(family: FactFamily<D, S, F>): Projection<S> {
  const { projection } = family
  if (projection === 'log only') throw new Error(`The ${family.stream} facts have no projection.`)
  const { name, version, table, initial, streams, apply, forget } = projection
  return {
    name,
    version,
    table: table as ProjectionTable,
    initial,
    apply: (state, fact) => {
      // A stored fact's stream is its definition's: checkFact refuses any other.
      if (streams.includes(fact.stream)) return apply(state, fact as Parameters<typeof apply>[1])
      return fact.type === 'v1.AccountDeleted' && forget ? forget(state, fact.payload.customerId) : state
    },
  }
}

/** Every family's projection, in the order of the families. */
export const familyProjections: AnyProjection[] = factFamilies.flatMap((family) =>
  family.projection === 'log only' ? [] : [eraseProjection(projectionOf(family as unknown as FactFamily<FactDefinitions, unknown, unknown>))],
)
