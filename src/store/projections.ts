import { type AnyProjection, eraseProjection, familyProjections, type Projection } from './projection.ts'

/** Every projection commit() keeps up to date, by name: each fact family's. */
const registry = new Map<string, AnyProjection>(familyProjections.map((projection) => [projection.name, projection]))

export function registeredProjections(): AnyProjection[] {
  return [...registry.values()]
}

/** Adds a projection to every later commit; returns a function that removes it again. */
export function registerProjection<S>(projection: Projection<S>): () => void {
  const erased = eraseProjection(projection)
  registry.set(projection.name, erased)
  return () => {
    if (registry.get(projection.name) === erased) registry.delete(projection.name)
  }
}
