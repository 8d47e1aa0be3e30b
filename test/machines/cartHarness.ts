import { createActor, fromPromise } from 'xstate'
import { cartMachine, type CartFactRecord, type CartIntent, type StoredCart } from '../../machines/cart.machine.ts'
import { emptyCart, type CartState, type OrderLine } from '../../src/domain/cartState.ts'
import type { StorageFailureReason } from '../../src/domain/storage.ts'
import { line } from '../store/fixtures.ts'
import { flush, settling } from './settling.ts'

interface Write {
  fact: CartFactRecord
  /** The transaction completed (true: written now, false: the log already held the fact). */
  complete: (fresh?: boolean) => void
  fail: (reason: StorageFailureReason) => void
}

/**
 * Drives the real machine with fakes for storage and the toast, recording every effect. Writes complete at once
 * unless `hold()` keeps them open, so a test can look at the cart while a write is in flight.
 */
export function harness() {
  let settle!: { resolve: (stored: StoredCart) => void; reject: (error: unknown) => void }
  const restored = new Promise<StoredCart>((resolve, reject) => (settle = { resolve, reject }))
  const persisted: CartFactRecord[] = []
  const added: OrderLine[] = []
  const notSaved: CartFactRecord[] = []
  const failures: StorageFailureReason[] = []
  const open: Write[] = []
  let holding = false
  const actor = createActor(
    cartMachine.provide({
      actors: {
        restore: fromPromise(() => restored),
        persist: fromPromise(
          ({ input }: { input: CartFactRecord }) =>
            new Promise<boolean>((resolve, reject) => {
              persisted.push(input)
              const write: Write = { fact: input, complete: (fresh = true) => resolve(fresh), fail: (reason) => reject({ reason }) }
              if (holding) open.push(write)
              else write.complete()
            }),
        ),
      },
      actions: {
        notifyAdded: (_, { line }) => void added.push(line),
        notifyNotSaved: (_, fact) => void notSaved.push(fact),
        reportStorageFailure: (_, { reason }) => void failures.push(reason),
      },
    }),
  )
  actor.start()
  return {
    actor,
    persisted,
    added,
    notSaved,
    failures,
    flush,
    restore: (cart: CartState = emptyCart(), failure: StorageFailureReason | null = null) => settling(() => settle.resolve({ cart, failure })),
    failRestore: () => settling(() => settle.reject(new Error('InvalidStateError'))),
    cart: () => actor.getSnapshot().context.cart,
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
    /** From now on writes stay open until completeWrite/failWrite. */
    hold: () => {
      holding = true
    },
    /** Completes the oldest open write. */
    completeWrite: (fresh = true) => settling(() => open.shift()?.complete(fresh)),
    failWrite: (reason: StorageFailureReason) => settling(() => open.shift()?.fail(reason)),
    openWrites: () => open.map((w) => w.fact),
  }
}

let n = 0
const stamp = () => ({ factId: `f${++n}`, occurredAt: '2025-03-01T08:00:00.000Z' })

export const intent = {
  add: (cartId: string, orderLine: OrderLine = line(cartId)): CartIntent => ({ type: 'cart.line.add', line: orderLine, ...stamp() }),
  remove: (cartId: string): CartIntent => ({ type: 'cart.line.remove', cart_id: cartId, ...stamp() }),
  rename: (cartId: string, name: string): CartIntent => ({ type: 'cart.line.rename', cart_id: cartId, friendly_name: name, ...stamp() }),
  clear: (): CartIntent => ({ type: 'cart.clear', ...stamp() }),
}
