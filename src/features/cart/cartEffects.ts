import { fromPromise } from 'xstate'
import { cartMachine, type CartFactRecord } from '../../../machines/cart.machine.ts'
import type { OrderLine } from '../../domain/cart.ts'
import type { StorageFailureReason } from '../../domain/storage.ts'
import { commit, restoreCart } from '../../store/commit.ts'
import { openStore } from '../../store/db.ts'
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

/** The cart machine with the app's effects: restored from the store, persisted through commit(), told to the UI. */
export function provideCart(callbacks: CartCallbacks) {
  return cartMachine.provide({
    actors: {
      restore: fromPromise(async () => {
        const { status } = await openStore()
        return { cart: await restoreCart(), failure: status.reason }
      }),
      // Resolves once the transaction that holds the fact has completed: only then does the cart show it.
      persist: fromPromise(async ({ input }: { input: CartFactRecord }) => {
        let fresh = true
        try {
          await commit(input)
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
