import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { cartMachine, foldCartFacts, type CartContext, type CartFactRecord, type CartIntent, type StoredCart } from '../../machines/cart.machine.ts'
import { factFromIntent } from '../../machines/cart.events.ts'
import { emptyCart, type CartState } from '../../src/domain/cartState.ts'
import { applyCartFact } from '../../src/domain/facts/cartFacts.ts'
import { line } from '../store/fixtures.ts'
import { done, expectStep, failed, leafOf, machineModel, modelTests, type Effect, type Expected, type Step } from './model.ts'

/**
 * The cart machine as a model: intents while the stored cart is restored, while a write is in flight and in between;
 * the restore answering (an empty cart, another tab's, one in a store that opened only in memory) or failing; a write completing (new, or a fact the log already
 * held) or failing; another tab's change. Each fact applied to the cart and each "added" announced follows its
 * write, in order; a failed write is announced as not saved and never shown; in memory nothing is written.
 */

const stamp = (factId: string) => ({ factId, occurredAt: '2025-03-01T08:00:00.000Z' })
const intents: CartIntent[] = [
  { type: 'cart.line.add', line: line('a'), ...stamp('add-a') },
  { type: 'cart.line.remove', cart_id: 'a', ...stamp('remove-a') },
  { type: 'cart.line.rename', cart_id: 'a', friendly_name: 'Home', ...stamp('rename-a') },
  { type: 'cart.clear', ...stamp('clear') },
  // A line the cart never held: changes nothing, so it is no fact.
  { type: 'cart.line.remove', cart_id: 'ghost', ...stamp('remove-ghost') },
]
const withB: CartState = { order_lines: [line('b')], total: line('b').unit_price }
const events: EventObject[] = [
  ...intents,
  { type: 'cart.synced', cart: withB } as EventObject,
  done('cart', 'restoring', { cart: emptyCart(), failure: null }),
  done('cart', 'restoring', { cart: withB, failure: null }),
  // The store opened only in memory (no IndexedDB): still written to, and the customer is told.
  done('cart', 'restoring', { cart: emptyCart(), failure: 'unavailable' }),
  failed('cart', 'restoring', new Error('InvalidStateError')),
  done('cart', 'ready.writing', true),
  done('cart', 'ready.writing', false),
  failed('cart', 'ready.writing', { reason: 'quota' }),
]

const factTypes: Record<CartIntent['type'], CartFactRecord['type']> = {
  'cart.line.add': 'v1.CartLineAdded',
  'cart.line.remove': 'v1.CartLineRemoved',
  'cart.line.rename': 'v1.CartLineRenamed',
  'cart.clear': 'v1.CartCleared',
}

const isIntent = (event: EventObject): event is CartIntent => event.type.startsWith('cart.line.') || event.type === 'cart.clear'

/** The cart once the writes in flight land. */
const projected = (context: CartContext) => foldCartFacts(context.cart, context.pending).cart

const announced = (facts: readonly CartFactRecord[]): Effect[] =>
  facts.flatMap((fact) => (fact.type === 'v1.CartLineAdded' ? [{ type: 'notifyAdded', params: { line: fact.payload.line } }] : []))

/** Facts taken when ready: queued for their write, or in memory applied and announced at once. */
function accepted(context: CartContext, facts: readonly CartFactRecord[]): { context: CartContext; effects: Effect[] } {
  if (context.storage === 'persistent') {
    const { applied } = foldCartFacts(projected(context), facts)
    return { context: { ...context, deferred: [], pending: [...context.pending, ...applied] }, effects: [] }
  }
  const { cart, applied } = foldCartFacts(context.cart, facts)
  return { context: { ...context, cart, deferred: [] }, effects: announced(applied) }
}

const readyValue = (context: CartContext) => ({ ready: context.pending.length > 0 ? 'writing' : 'idle' })

type Snap = { value: unknown; context: CartContext }

/** What each step must do to the state, the context and which effects it asks for. */
function expected({ before, event }: Step<Snap>): Expected & { context: CartContext } {
  const context = before.context
  const state = leafOf(before.value)
  const unchanged = { value: before.value, context, effects: [] }
  const answer = event as EventObject & { output?: unknown; error?: unknown; cart?: CartState }
  if (isIntent(event) && state === 'restoring')
    return { value: 'restoring', context: { ...context, deferred: [...context.deferred, factFromIntent(event)] }, effects: [] }
  if (isIntent(event)) {
    const next = accepted(context, [factFromIntent(event)])
    return { value: readyValue(next.context), ...next }
  }
  if (event.type === 'cart.synced')
    return state === 'ready.idle' && context.storage === 'persistent'
      ? { value: before.value, context: { ...context, cart: answer.cart! }, effects: [] }
      : unchanged
  if (event.type.endsWith('.restoring')) {
    if (state !== 'restoring') return unchanged
    if (event.type.startsWith('xstate.done.actor.')) {
      const { cart, failure } = answer.output as StoredCart
      const next = accepted({ ...context, cart, failure: failure ?? context.failure }, context.deferred)
      const told: Effect[] = failure ? [{ type: 'reportStorageFailure', params: { reason: failure } }] : []
      return { value: readyValue(next.context), context: next.context, effects: [...told, ...next.effects] }
    }
    // The stored cart is out of reach: the cart carries on in memory, with the intents made meanwhile.
    const next = accepted({ ...context, storage: 'memory', failure: 'unavailable' }, context.deferred)
    return { value: { ready: 'idle' }, context: next.context, effects: [{ type: 'reportStorageFailure', params: { reason: 'unavailable' } }, ...next.effects] }
  }
  if (state !== 'ready.writing') return unchanged
  const [fact, ...rest] = context.pending
  if (event.type.startsWith('xstate.done.actor.')) {
    const fresh = answer.output === true
    const next = { ...context, cart: fresh ? applyCartFact(context.cart, fact!) : context.cart, pending: rest }
    return { value: readyValue(next), context: next, effects: fresh ? announced([fact!]) : [] }
  }
  // The write failed: told, never shown; the rest carries on in memory.
  const next = accepted({ ...context, storage: 'memory', failure: 'quota', pending: [] }, rest)
  return {
    value: { ready: 'idle' },
    context: next.context,
    effects: [{ type: 'notifyNotSaved', params: fact }, { type: 'reportStorageFailure', params: { reason: 'quota' } }, ...next.effects],
  }
}

function check(step: Step<Snap>): void {
  expectStep(step, expected(step))
  // Each fact queued is its intent's, past tense and versioned, with the id and time the sender stamped.
  for (const fact of step.after.context.pending) {
    const intent = intents.find((i) => i.factId === fact.id)!
    expect(fact).toMatchObject({ type: factTypes[intent.type], stream: 'cart', occurredAt: intent.occurredAt, v: 1 })
  }
  const { order_lines, total } = step.after.context.cart
  expect(total).toBe(order_lines.reduce((sum, l) => sum + l.unit_price, 0))
  // A device that does not store writes nothing.
  if (step.after.context.storage === 'memory') expect(step.after.context.pending).toEqual([])
}

const holdsA = (context: CartContext) => projected(context).order_lines.some((l) => l.cart_id === 'a')

/**
 * Lines, deferred intents and writes in flight grow without end; the graph sends each intent at most once while
 * restoring, keeps at most `atMost` writes in flight, and adds line a only when the cart, as shown and once written,
 * does not hold it, which still meets every rule of the machine.
 */
function follow({ value, context }: Snap, event: EventObject, atMost = 2): boolean {
  if (!isIntent(event)) return true
  if (value === 'restoring') return context.deferred.length < atMost && !context.deferred.some((f) => f.id === event.factId)
  if (context.pending.length >= atMost || context.pending.some((f) => f.id === event.factId)) return false
  // A failed or repeated write can leave line a in the cart while the writes still in flight remove it: add it again
  // only when neither holds it.
  return event.type !== 'cart.line.add' || !(holdsA(context) || context.cart.order_lines.some((l) => l.cart_id === 'a'))
}

const readyIntents = (context: CartContext) => ['cart.line.add', 'cart.clear', ...(holdsA(context) ? ['cart.line.rename', 'cart.line.remove'] : [])]

const model = machineModel({
  machine: cartMachine,
  events,
  check: check as never,
  follow: follow as never,
  // Simple paths multiply fast: there an intent waits until no write is in flight, and the ghost removal, a write
  // the log already held (both changing nothing) and another tab's cart over a full one are left to the shortest
  // paths and the edges.
  followSimple: ((snapshot: Snap, event: EventObject) =>
    follow(snapshot, event, 1) &&
    !(isIntent(event) && (snapshot.context.pending.length > 0 || event.factId === 'remove-ghost')) &&
    !(event.type === 'cart.synced' && snapshot.context.cart.order_lines.length > 0) &&
    !(event.type === 'xstate.done.actor.0.cart.ready.writing' && (event as { output?: unknown }).output === false)) as never,
  mustAccept: {
    // Intents wait for the stored cart, or for the writes before them.
    restoring: ['cart.line.add', 'cart.line.remove', 'cart.line.rename', 'cart.clear'],
    'ready.idle': (snapshot) => [...readyIntents(snapshot.context), ...(snapshot.context.storage === 'persistent' ? ['cart.synced'] : [])],
    'ready.writing': (snapshot) => readyIntents(snapshot.context),
  },
})

describe('the cart machine as a model', () => {
  modelTests(model)
})
