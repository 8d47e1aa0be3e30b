import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { cartMachine, type CartContext, type CartFactRecord, type CartIntent } from '../../machines/cart.machine.ts'
import { factApplies, factFromIntent } from '../../machines/cart.events.ts'
import { emptyCart, type CartState } from '../../src/domain/cart.ts'
import { applyCartFact } from '../../src/domain/cartProjection.ts'
import { line } from '../store/fixtures.ts'
import { done, expectStep, failed, machineModel, modelTests, type Effect, type Expected, type Step } from './model.ts'

/**
 * The cart machine as a model: intents while the stored cart is restored and after, the restore answering (an empty
 * cart, another tab's) or failing, another tab's change and a storage failure. Each step must persist exactly the
 * facts (v1.Cart…) that changed the cart, in order, and none while the cart lives in memory.
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
  { type: 'cart.storage.failed', reason: 'quota' } as EventObject,
  done('cart', 'restoring', emptyCart()),
  done('cart', 'restoring', withB),
  failed('cart', 'restoring', new Error('InvalidStateError')),
]

const factTypes: Record<CartIntent['type'], CartFactRecord['type']> = {
  'cart.line.add': 'v1.CartLineAdded',
  'cart.line.remove': 'v1.CartLineRemoved',
  'cart.line.rename': 'v1.CartLineRenamed',
  'cart.clear': 'v1.CartCleared',
}

const isIntent = (event: EventObject): event is CartIntent => event.type.startsWith('cart.line.') || event.type === 'cart.clear'

/** Folds facts onto a cart as the projection does, keeping those that changed it. */
function folded(cart: CartState, facts: readonly CartFactRecord[]) {
  const applied = facts.filter((fact) => factApplies(cart, fact) && ((cart = applyCartFact(cart, fact)), true))
  return { cart, applied }
}

/** The effects of recording `applied`: each persisted unless in memory, each added line announced. */
const recorded = (applied: readonly CartFactRecord[], storage: CartContext['storage']): Effect[] =>
  applied.flatMap((fact) => [
    ...(storage === 'persistent' ? [{ type: 'persist', params: fact }] : []),
    ...(fact.type === 'v1.CartLineAdded' ? [{ type: 'notifyAdded', params: { line: fact.payload.line } }] : []),
  ])

/** What each step must do to the context and which effects (facts persisted first of all) it asks for. */
function expected({ before, event }: Step<{ value: unknown; context: CartContext }>): Expected & { context: CartContext } {
  const context = before.context
  const restoring = before.value === 'restoring'
  const answer = event as EventObject & { output?: CartState; reason?: CartContext['failure']; cart?: CartState }
  if (isIntent(event) && restoring) return { context: { ...context, deferred: [...context.deferred, factFromIntent(event)] }, effects: [] }
  if (isIntent(event)) {
    const { cart, applied } = folded(context.cart, [factFromIntent(event)])
    return { context: { ...context, cart }, effects: recorded(applied, context.storage) }
  }
  if (event.type === 'cart.storage.failed')
    return context.storage === 'memory'
      ? { context, effects: [] }
      : { context: { ...context, storage: 'memory', failure: answer.reason! }, effects: [{ type: 'reportStorageFailure', params: { reason: answer.reason } }] }
  if (event.type === 'cart.synced')
    return !restoring && context.storage === 'persistent' ? { context: { ...context, cart: answer.cart! }, effects: [] } : { context, effects: [] }
  if (!restoring) return { context, effects: [] }
  if (event.type.startsWith('xstate.done.actor.')) {
    const { cart, applied } = folded(answer.output!, context.deferred)
    return { context: { ...context, cart, deferred: [] }, effects: recorded(applied, context.storage) }
  }
  // The stored cart is out of reach: the cart carries on in memory, with the intents made meanwhile.
  const { cart, applied } = folded(context.cart, context.deferred)
  return {
    context: { ...context, cart, deferred: [], storage: 'memory', failure: 'unavailable' },
    effects: [{ type: 'reportStorageFailure', params: { reason: 'unavailable' } }, ...recorded(applied, 'memory')],
  }
}

function check(step: Step<{ value: unknown; context: CartContext }>): void {
  expectStep(step, expected(step))
  // Each fact persisted is its intent's, past tense and versioned, with the id and time the sender stamped.
  for (const { params } of step.effects.filter((e) => e.type === 'persist')) {
    const fact = params as CartFactRecord
    const intent = intents.find((i) => i.factId === fact.id)!
    expect(fact).toMatchObject({ type: factTypes[intent.type], stream: 'cart', occurredAt: intent.occurredAt, v: 1 })
  }
  const { order_lines, total } = step.after.context.cart
  expect(total).toBe(order_lines.reduce((sum, l) => sum + l.unit_price, 0))
  if (step.before.value === 'ready') expect(step.after.value).toBe('ready')
}

const holdsA = (context: CartContext) => context.cart.order_lines.some((l) => l.cart_id === 'a')

/**
 * Lines and deferred intents grow without end; the graph sends each intent at most once while restoring (two at
 * most) and adds line a only when the cart does not hold it, which still meets every rule of the machine.
 */
function follow({ value, context }: { value: unknown; context: CartContext }, event: EventObject, deferredAtMost = 2): boolean {
  if (!isIntent(event)) return true
  if (value === 'restoring') return context.deferred.length < deferredAtMost && !context.deferred.some((f) => f.id === event.factId)
  return event.type !== 'cart.line.add' || !holdsA(context)
}

const model = machineModel({
  machine: cartMachine,
  events,
  check: check as never,
  follow: follow as never,
  followSimple: ((snapshot: { value: unknown; context: CartContext }, event: EventObject) => follow(snapshot, event, 1)) as never,
  mustAccept: {
    // Intents wait for the stored cart; a storage failure is heard everywhere.
    restoring: (snapshot) => [
      'cart.line.add',
      'cart.line.remove',
      'cart.line.rename',
      'cart.clear',
      ...(snapshot.context.storage === 'persistent' ? ['cart.storage.failed'] : []),
    ],
    ready: (snapshot) => [
      'cart.line.add',
      'cart.clear',
      ...(holdsA(snapshot.context) ? ['cart.line.rename', 'cart.line.remove'] : []),
      ...(snapshot.context.storage === 'persistent' ? ['cart.synced', 'cart.storage.failed'] : []),
    ],
  },
})

describe('the cart machine as a model', () => {
  modelTests(model)
})
