import { useSyncExternalStore } from 'react'
import { emptyCart, type CartState } from '../../domain/cart.ts'
import type { Product } from '../../domain/product.ts'
import type { StorageFailureReason } from '../../domain/storage.ts'
import type { CartActor, CartCallbacks } from './cartActor.ts'
import type { FirstTap } from '../../lib/firstTaps.ts'

type CartModule = typeof import('./cartActor.ts')

// The cart machine (and xstate) loads right after boot instead of with the first paint's JS.
let actor: CartActor | undefined
let storageFailure: StorageFailureReason | null = null
let loading: Promise<CartModule> | undefined
const listeners = new Set<() => void>()
const EMPTY: CartState = emptyCart()

function emit(): void {
  for (const listener of listeners) listener()
}

let callbacks: CartCallbacks = {}

/** What the cart tells the app (an item added, storage failing); set at boot, before anything can use the cart. */
export function configureCart(given: CartCallbacks): void {
  callbacks = given
}

/**
 * Starts the one cart actor in the background (the app does so once its first page is painted); an intent
 * made before that starts it at once and waits for it, so nothing the customer does is lost.
 */
export function startCartInBackground(): Promise<CartModule> {
  loading ??= import('./cartActor.ts').then((mod) => {
    actor = mod.startCart({
      ...callbacks,
      onStorageFailed: (reason) => {
        storageFailure = reason
        emit()
        callbacks.onStorageFailed?.(reason)
      },
    })
    actor.subscribe(emit)
    emit()
    return mod
  })
  return loading
}

function withCart(use: (mod: CartModule) => void): void {
  void startCartInBackground().then(use)
}

export const addToCart = (product: Product) => withCart((m) => m.addToCart(product))
export const addFirstTap = (tap: FirstTap) => withCart((m) => m.addFirstTap(tap))
export const removeLine = (cartId: string) => withCart((m) => m.removeLine(cartId))
/** Callers debounce typing; each call records one rename fact. */
export const renameLine = (cartId: string, name: string) => withCart((m) => m.renameLine(cartId, name))
export const clearCart = () => withCart((m) => m.clearCart())
/** A cart kept only in memory (the device cannot store it) is emptied here; a stored one follows the store. */
export const clearCartHeldInMemory = () => {
  if (actor?.getSnapshot().context.storage === 'memory') clearCart()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The cart as the cart actor holds it (restored at start, followed across tabs); empty until it loads. */
export function useCart(): CartState {
  return useSyncExternalStore(subscribe, () => actor?.getSnapshot().context.cart ?? EMPTY, () => EMPTY)
}

/** Number of lines, for the header badge. */
export function useCartLineCount(): number {
  return useCart().order_lines.length
}

/** Why the device is not saving the cart (null while it is), for the storage notice. */
export function useStorageFailure(): StorageFailureReason | null {
  return useSyncExternalStore(subscribe, () => storageFailure, () => null)
}
