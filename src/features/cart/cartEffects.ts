import { fromPromise } from 'xstate'
import { cartMachine, type CartFactRecord, type StoredCart } from '../../../machines/cart.machine.ts'
import type { OrderLine } from '../../domain/cartState.ts'
import type { StorageFailureReason } from '../../domain/storage.ts'
import type { FactStore } from '../../lib/ports.ts'
import { DuplicateFactError, isQuotaError } from '../../store/errors.ts'

export interface CartCallbacks {
  /** A line was added and is stored on the device: the UI shows the "added to cart" toast. */
  onAdded?: (line: OrderLine) => void
  /** A fact is in the device's log (written now, or found there already). */
  onStored?: (fact: CartFactRecord) => void
  /** A change could not be stored on the device and was not made: the UI says so. */
  onNotSaved?: (fact: CartFactRecord) => void
  /** The device is not keeping the cart (a write failed, or its store opened only in memory). */
  onStorageFailed?: (reason: StorageFailureReason) => void
}

/** What the cart's effects touch: the app passes the device's store (cartActor.ts), the lab the lab log. */
export interface CartPorts {
  store: Pick<FactStore, 'commit'> & {
    /** The stored cart, and why the store is not keeping it (null while it is). */
    restoreCart(): Promise<StoredCart>
  }
  callbacks: CartCallbacks
}

/** The cart machine with its effects: restored from the store, persisted through commit(), told to the UI. */
export function provideCart({ store, callbacks }: CartPorts) {
  return cartMachine.provide({
    actors: {
      restore: fromPromise(() => store.restoreCart()),
      // Resolves once the transaction that holds the fact has completed: only then does the cart show it.
      persist: fromPromise(async ({ input }: { input: CartFactRecord }) => {
        let fresh = true
        try {
          await store.commit(input)
        } catch (error) {
          // The same fact twice is already stored: exactly-once, not a failure.
          if (!(error instanceof DuplicateFactError)) throw { reason: isQuotaError(error) ? 'quota' : 'write-failed', error }
          fresh = false
        }
        callbacks.onStored?.(input)
        return fresh
      }),
    },
    actions: {
      notifyAdded: (_, { line }) => callbacks.onAdded?.(line),
      notifyNotSaved: (_, fact) => callbacks.onNotSaved?.(fact),
      reportStorageFailure: (_, { reason }) => callbacks.onStorageFailed?.(reason),
    },
  })
}
