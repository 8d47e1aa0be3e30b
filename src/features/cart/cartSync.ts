import { liveQuery, type Subscription } from 'dexie'
import type { SnapshotFrom } from 'xstate'
import type { cartMachine } from '../../../machines/cart.machine.ts'
import type { CartState } from '../../domain/cartState.ts'
import { readCart } from '../../store/queries.ts'

interface WatchOptions {
  current: () => SnapshotFrom<typeof cartMachine>
  /** True while this tab's own writes are in flight; the stored cart lags them. */
  busy: () => boolean
  adopt: (cart: CartState) => void
}

/** Same order and content; both sides are built by applyCartFact, so key order matches too. */
export function sameCart(a: CartState, b: CartState): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Watches the stored cart projection (Dexie carries changes between tabs over BroadcastChannel)
 * and hands the actor a cart that differs from its own, once the actor is ready and idle.
 */
export function watchStoredCart({ current, busy, adopt }: WatchOptions): {
  start: () => void
  settle: () => void
  stop: () => void
} {
  let subscription: Subscription | undefined
  let stopped = false
  const offer = (stored: CartState) => {
    const snapshot = current()
    if (stopped || busy() || !snapshot.matches('ready') || snapshot.context.storage !== 'persistent') return
    if (!sameCart(stored, snapshot.context.cart)) adopt(stored)
  }
  const start = () => {
    if (subscription || stopped) return
    // A failed read leaves this tab's own cart in place; its writes report storage failures.
    subscription = liveQuery(() => readCart()).subscribe({ next: offer, error: () => {} })
  }
  return {
    start,
    // After this tab's last write lands, read once more: a change seen while busy was skipped.
    settle: () => {
      if (subscription) void readCart().then(offer, () => {})
    },
    stop: () => {
      stopped = true
      subscription?.unsubscribe()
    },
  }
}
