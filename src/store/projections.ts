import { accountProjection } from './accountProjection.ts'
import { cartProjection } from './cartProjection.ts'
import { customerProjection } from './customerProjection.ts'
import { orderProjection } from './orderProjection.ts'
import { paymentProjection } from './paymentProjection.ts'
import { simNameProjection } from './simNameProjection.ts'
import { eraseProjection, type AnyProjection, type Projection } from './projection.ts'

/** Every projection commit() keeps up to date, by name. */
const registry = new Map<string, AnyProjection>([
  [cartProjection.name, eraseProjection(cartProjection)],
  [customerProjection.name, eraseProjection(customerProjection)],
  [orderProjection.name, eraseProjection(orderProjection)],
  [paymentProjection.name, eraseProjection(paymentProjection)],
  [accountProjection.name, eraseProjection(accountProjection)],
  [simNameProjection.name, eraseProjection(simNameProjection)],
])

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
