import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { emptyCart, type CartState, type OrderLine } from '../src/domain/cart.ts'
import { applyCartFact } from '../src/domain/cartProjection.ts'
import type { StorageFailureReason, StorageMode } from '../src/domain/storage.ts'
import { factApplies, factFromIntent, type CartEvent, type CartFactRecord } from './cart.events.ts'

export type { CartEvent, CartFactRecord, CartIntent, Stamp } from './cart.events.ts'

export interface CartContext {
  cart: CartState
  /** Whether facts are written to the device; 'memory' after a storage failure. */
  storage: StorageMode
  failure: StorageFailureReason | null
  /** Facts of intents that arrived while restoring, applied once the stored cart is known. */
  deferred: CartFactRecord[]
}

/** Folds facts that still apply onto the cart, in order, and lists the ones that changed it. */
function fold(cart: CartState, facts: readonly CartFactRecord[]): { cart: CartState; applied: CartFactRecord[] } {
  const applied: CartFactRecord[] = []
  for (const fact of facts) {
    if (!factApplies(cart, fact)) continue
    cart = applyCartFact(cart, fact)
    applied.push(fact)
  }
  return { cart, applied }
}

/** The effects `record` schedules, declared below in setup. */
type EffectAction = { type: 'persist'; params: CartFactRecord } | { type: 'notifyAdded'; params: { line: OrderLine } }

// setup() cannot type an action that enqueues its siblings, so the check happens against EffectAction here.
const effect = (action: EffectAction): never => action as never

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the default is a cart that starts empty.
    restore: fromPromise<CartState>(async () => emptyCart()),
  },
  actions: {
    persist: (_, _fact: CartFactRecord) => {},
    notifyAdded: (_, _params: { line: OrderLine }) => {},
    reportStorageFailure: (_, _params: { reason: StorageFailureReason }) => {},
    /** Applies facts to the cart, then persists (unless in memory) and announces additions. */
    record: enqueueActions(({ context, enqueue }, facts: CartFactRecord[]) => {
      const { cart, applied } = fold(context.cart, facts)
      enqueue.assign({ cart, deferred: [] })
      for (const fact of applied) {
        if (context.storage === 'persistent') enqueue(effect({ type: 'persist', params: fact }))
        if (fact.type === 'v1.CartLineAdded') enqueue(effect({ type: 'notifyAdded', params: { line: fact.payload.line } }))
      }
    }),
    defer: assign({ deferred: ({ context }, fact: CartFactRecord) => [...context.deferred, fact] }),
    useStoredCart: assign({ cart: (_, cart: CartState) => cart }),
    switchToMemory: assign({ storage: 'memory' as const, failure: (_, params: { reason: StorageFailureReason }) => params.reason }),
  },
  guards: {
    isPersistent: ({ context }) => context.storage === 'persistent',
    holdsLine: ({ context }, params: { cart_id: string }) =>
      context.cart.order_lines.some((line) => line.cart_id === params.cart_id),
  },
}).createMachine({
  id: 'cart',
  context: { cart: emptyCart(), storage: 'persistent', failure: null, deferred: [] },
  initial: 'restoring',
  on: {
    'cart.storage.failed': {
      guard: 'isPersistent',
      actions: [
        { type: 'switchToMemory', params: ({ event }) => ({ reason: event.reason }) },
        { type: 'reportStorageFailure', params: ({ event }) => ({ reason: event.reason }) },
      ],
    },
  },
  states: {
    restoring: {
      invoke: {
        src: 'restore',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'useStoredCart', params: ({ event }) => event.output },
            { type: 'record', params: ({ context }) => context.deferred },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'switchToMemory', params: { reason: 'unavailable' } },
            { type: 'reportStorageFailure', params: { reason: 'unavailable' } },
            { type: 'record', params: ({ context }) => context.deferred },
          ],
        },
      },
      // Intents wait for the stored cart instead of being lost or applied to an empty one.
      on: {
        'cart.line.add': { actions: { type: 'defer', params: ({ event }) => factFromIntent(event) } },
        'cart.line.remove': { actions: { type: 'defer', params: ({ event }) => factFromIntent(event) } },
        'cart.line.rename': { actions: { type: 'defer', params: ({ event }) => factFromIntent(event) } },
        'cart.clear': { actions: { type: 'defer', params: ({ event }) => factFromIntent(event) } },
      },
    },
    ready: {
      on: {
        'cart.line.add': { actions: { type: 'record', params: ({ event }) => [factFromIntent(event)] } },
        'cart.line.remove': {
          guard: { type: 'holdsLine', params: ({ event }) => ({ cart_id: event.cart_id }) },
          actions: { type: 'record', params: ({ event }) => [factFromIntent(event)] },
        },
        'cart.line.rename': {
          guard: { type: 'holdsLine', params: ({ event }) => ({ cart_id: event.cart_id }) },
          actions: { type: 'record', params: ({ event }) => [factFromIntent(event)] },
        },
        'cart.clear': { actions: { type: 'record', params: ({ event }) => [factFromIntent(event)] } },
        // A memory-only tab keeps its own cart rather than adopting one it can no longer write.
        'cart.synced': {
          guard: 'isPersistent',
          actions: { type: 'useStoredCart', params: ({ event }) => event.cart },
        },
      },
    },
  },
})
