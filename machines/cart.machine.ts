import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { emptyCart, type CartState, type OrderLine } from '../src/domain/cartState.ts'
import { applyCartFact } from '../src/domain/facts/cartFacts.ts'
import { defined } from '../src/domain/defined.ts'
import { storageFailureReason, type StorageFailureReason, type StorageMode } from '../src/domain/storage.ts'
import { factApplies, factFromIntent, type CartEvent, type CartFactRecord } from './cart.events.ts'

export type { CartEvent, CartFactRecord, CartIntent, Stamp } from './cart.events.ts'

export interface CartContext {
  /** The cart as stored on the device: only facts whose write completed (or, in memory, were applied). */
  cart: CartState
  /** Whether facts are written to the device; 'memory' after a storage failure. */
  storage: StorageMode
  /** Why the device is not keeping the cart (a failed write, or a store that opened only in memory), or null. */
  failure: StorageFailureReason | null
  /** Facts of intents that arrived while restoring, applied once the stored cart is known. */
  deferred: CartFactRecord[]
  /** Facts waiting for their write, oldest first; none is shown (or announced) before its write completes. */
  pending: CartFactRecord[]
}

/** What the restore finds: the stored cart, and why the device keeps it only in memory (null while it stores). */
export interface StoredCart {
  cart: CartState
  failure: StorageFailureReason | null
}

/** Folds facts that still apply onto the cart, in order, and lists the ones that changed it (the model test folds with it too). */
export function foldCartFacts(cart: CartState, facts: readonly CartFactRecord[]): { cart: CartState; applied: CartFactRecord[] } {
  const applied: CartFactRecord[] = []
  for (const fact of facts) {
    if (!factApplies(cart, fact)) continue
    cart = applyCartFact(cart, fact)
    applied.push(fact)
  }
  return { cart, applied }
}

/** The cart once every pending write lands: what a new intent is checked against. */
const projected = (context: CartContext): CartState => foldCartFacts(context.cart, context.pending).cart

/** The effects `accept`, `confirm` and `noteStoreFailure` schedule, declared below in setup. */
type EffectAction = { type: 'notifyAdded'; params: { line: OrderLine } } | { type: 'reportStorageFailure'; params: { reason: StorageFailureReason } }

// setup() cannot type an action that enqueues its siblings, so the check happens against EffectAction here.
const effect = (action: EffectAction): never => action as never

const announce = (fact: CartFactRecord): EffectAction[] =>
  fact.type === 'v1.CartLineAdded' ? [{ type: 'notifyAdded', params: { line: fact.payload.line } }] : []

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the default is a cart that starts empty and a store that keeps nothing.
    // `failure`: the device's store opened only in memory, so what is written there is gone when the app closes.
    restore: fromPromise<StoredCart>(async () => ({ cart: emptyCart(), failure: null })),
    // Resolves true once the fact's transaction completed, false when the log already held it (written before).
    persist: fromPromise<boolean, CartFactRecord>(async () => true),
  },
  actions: {
    notifyAdded: (_, _params: { line: OrderLine }) => {},
    /** A fact whose write failed: the customer is told it was not done. */
    notifyNotSaved: (_, _fact: CartFactRecord) => {},
    reportStorageFailure: (_, _params: { reason: StorageFailureReason }) => {},
    /**
     * Takes facts that apply: on a device that stores, they wait for their write (the cart and the toast follow it);
     * in memory they apply at once, since nothing will ever be written.
     */
    accept: enqueueActions(({ context, enqueue }, facts: CartFactRecord[]) => {
      if (context.storage === 'persistent') {
        const { applied } = foldCartFacts(projected(context), facts)
        enqueue.assign({ pending: [...context.pending, ...applied], deferred: [] })
        return
      }
      const { cart, applied } = foldCartFacts(context.cart, facts)
      enqueue.assign({ cart, deferred: [] })
      for (const fact of applied) for (const action of announce(fact)) enqueue(effect(action))
    }),
    /**
     * The oldest pending fact is stored: it shows, and an added line is announced. One the log already held (a tap
     * handed on by a page that unloaded) is in the stored cart this tab restored or will adopt: it is not applied twice.
     */
    confirm: enqueueActions(({ context, enqueue }, params: { fresh: boolean }) => {
      const [fact, ...rest] = context.pending
      if (!fact) return
      if (!params.fresh) return void enqueue.assign({ pending: rest })
      enqueue.assign({ cart: applyCartFact(context.cart, fact), pending: rest })
      for (const action of announce(fact)) enqueue(effect(action))
    }),
    defer: assign({ deferred: ({ context }, fact: CartFactRecord) => [...context.deferred, fact] }),
    useStoredCart: assign({ cart: (_, cart: CartState) => cart }),
    switchToMemory: assign({ storage: 'memory' as const, failure: (_, params: { reason: StorageFailureReason }) => params.reason }),
    /** The store opened, but only in memory: writes still go to it (and other tabs' carts do not), the customer is told. */
    noteStoreFailure: enqueueActions(({ enqueue }, params: { reason: StorageFailureReason | null }) => {
      if (!params.reason) return
      enqueue.assign({ failure: params.reason })
      enqueue(effect({ type: 'reportStorageFailure', params: { reason: params.reason } }))
    }),
  },
  guards: {
    isPersistent: ({ context }) => context.storage === 'persistent',
    hasPending: ({ context }) => context.pending.length > 0,
    holdsLine: ({ context }, params: { cart_id: string }) => projected(context).order_lines.some((line) => line.cart_id === params.cart_id),
  },
}).createMachine({
  id: 'cart',
  context: { cart: emptyCart(), storage: 'persistent', failure: null, deferred: [], pending: [] },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        src: 'restore',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'useStoredCart', params: ({ event }) => event.output.cart },
            { type: 'noteStoreFailure', params: ({ event }) => ({ reason: event.output.failure }) },
            { type: 'accept', params: ({ context }) => context.deferred },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'switchToMemory', params: { reason: 'unavailable' } },
            { type: 'reportStorageFailure', params: { reason: 'unavailable' } },
            { type: 'accept', params: ({ context }) => context.deferred },
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
      initial: 'idle',
      on: {
        'cart.line.add': { actions: { type: 'accept', params: ({ event }) => [factFromIntent(event)] } },
        'cart.line.remove': {
          guard: { type: 'holdsLine', params: ({ event }) => ({ cart_id: event.cart_id }) },
          actions: { type: 'accept', params: ({ event }) => [factFromIntent(event)] },
        },
        'cart.line.rename': {
          guard: { type: 'holdsLine', params: ({ event }) => ({ cart_id: event.cart_id }) },
          actions: { type: 'accept', params: ({ event }) => [factFromIntent(event)] },
        },
        'cart.clear': { actions: { type: 'accept', params: ({ event }) => [factFromIntent(event)] } },
      },
      states: {
        idle: {
          always: { guard: 'hasPending', target: 'writing' },
          on: {
            // Another tab's cart, taken only between this tab's own writes; a memory-only tab keeps its own.
            'cart.synced': {
              guard: 'isPersistent',
              actions: { type: 'useStoredCart', params: ({ event }) => event.cart },
            },
          },
        },
        writing: {
          invoke: {
            src: 'persist',
            input: ({ context }) => defined(context.pending[0], 'a pending fact'),
            onDone: { target: 'idle', actions: { type: 'confirm', params: ({ event }) => ({ fresh: event.output }) } },
            // The fact is not on the device: the customer is told, and the cart carries on in memory with the rest.
            onError: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const [fact, ...rest] = context.pending
                const reason = storageFailureReason(event.error)
                if (fact) enqueue({ type: 'notifyNotSaved', params: fact })
                enqueue({ type: 'switchToMemory', params: { reason } })
                enqueue({ type: 'reportStorageFailure', params: { reason } })
                enqueue.assign({ pending: [] })
                enqueue({ type: 'accept', params: rest })
              }),
            },
          },
        },
      },
    },
  },
})
