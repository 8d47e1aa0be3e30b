import { createActor, fromPromise } from 'xstate'
import { cartMachine, type CartFactRecord, type CartIntent } from '../../machines/cart.machine.ts'
import { emptyCart, type CartState, type OrderLine } from '../../src/domain/cart.ts'
import type { StorageFailureReason } from '../../src/domain/storage.ts'
import { line } from '../store/fixtures.ts'

/** Drives the real machine with fakes for storage and the toast, recording every effect. */
export function harness() {
  let settle!: { resolve: (cart: CartState) => void; reject: (error: unknown) => void }
  const restored = new Promise<CartState>((resolve, reject) => (settle = { resolve, reject }))
  const persisted: CartFactRecord[] = []
  const added: OrderLine[] = []
  const failures: StorageFailureReason[] = []
  const actor = createActor(
    cartMachine.provide({
      actors: { restore: fromPromise(() => restored) },
      actions: {
        persist: (_, fact) => void persisted.push(fact),
        notifyAdded: (_, { line }) => void added.push(line),
        reportStorageFailure: (_, { reason }) => void failures.push(reason),
      },
    }),
  )
  actor.start()
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    actor,
    persisted,
    added,
    failures,
    restore: async (cart: CartState = emptyCart()) => (settle.resolve(cart), await flush()),
    failRestore: async () => (settle.reject(new Error('InvalidStateError')), await flush()),
    cart: () => actor.getSnapshot().context.cart,
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
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
