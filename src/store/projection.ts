import type { Fact } from '../domain/events.ts'

/** Tables that hold a projection's current row, keyed by projection name. */
export type ProjectionTable = 'cart' | 'customer' | 'orders' | 'payments' | 'account' | 'simNames'

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
