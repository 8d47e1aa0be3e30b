import { emptyCart, lineFromProduct, type CartState } from '../../src/domain/cartState.ts'
import { makeFact, type CartFact, type Fact } from '../../src/domain/events.ts'
import type { Product } from '../../src/domain/product.ts'
import { cartFamily } from '../../src/domain/facts/cartFacts.ts'
import type { StoreDb } from '../../src/store/db.ts'
import { projectionOf } from '../../src/store/projection.ts'
import { restoreCart } from '../../src/store/restore.ts'

const cartProjection = projectionOf(cartFamily)

// Workloads for `npm run bench`: figures are reported there, never asserted on time in tests.

const product: Product = { id: 1, name: 'Bench 5G', plan: 'month', unit_price: 399, speed: '100Mbps', image: '' }

/** Which fact the i-th of a history is: per 10, five adds, two renames, three removals; a clear every 100. */
function cartFactAt(i: number): Fact<CartFact> {
  const block = i - (i % 10)
  const at = i % 10
  const key = (n: number) => `line-${block + n}`
  const stamp = { id: `bench-${i}`, occurredAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString() }
  if (i % 100 === 99) return makeFact('v1.CartCleared', {}, stamp)
  if (at < 5) return makeFact('v1.CartLineAdded', { line: lineFromProduct(product, key(at)) }, stamp)
  if (at < 7) return makeFact('v1.CartLineRenamed', { cart_id: key(at - 5), friendly_name: `Router ${i}` }, stamp)
  return makeFact('v1.CartLineRemoved', { cart_id: key(at - 7) }, stamp)
}

/** A deterministic cart history whose cart stays the size of a real one (never more than about 25 lines). */
export function cartFacts(count: number, startAt = 0): Fact<CartFact>[] {
  const facts: Fact<CartFact>[] = []
  for (let i = startAt; i < startAt + count; i++) facts.push(cartFactAt(i))
  return facts
}

/** Folds a whole history into the cart projection in memory: the 10,000-fact replay figure. */
export function replayCart(facts: readonly Fact[]): CartState {
  return facts.reduce(cartProjection.apply, emptyCart())
}

/**
 * Writes `logLength` facts to the log with a snapshot before the last `tail` of them, and the
 * projection row at the end, as a device that has been used for a long time would hold.
 */
export async function seedLog(store: StoreDb, logLength: number, tail: number): Promise<void> {
  const facts = cartFacts(logLength)
  const head = logLength - tail
  await store.transaction('rw', [store.events, store.snapshots, store.cart], async () => {
    await store.events.bulkAdd(facts)
    const row = { name: cartProjection.name, version: cartProjection.version }
    await store.snapshots.put({ ...row, seq: head, state: replayCart(facts.slice(0, head)) })
    await store.cart.put({ ...row, seq: logLength, state: replayCart(facts) })
  })
}

/** The cold start: snapshot plus tail, without renewing the snapshot so it can be repeated. */
export function coldStart(store: StoreDb): Promise<CartState> {
  return restoreCart({ db: store, snapshotEvery: Number.POSITIVE_INFINITY })
}
