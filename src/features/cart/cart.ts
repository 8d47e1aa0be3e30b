import { emptyCart, type CartState } from '../../domain/cartState.ts'
import type { Product } from '../../domain/product.ts'
import type { StorageFailureReason, StorageMode } from '../../domain/storage.ts'
import { actorStore, useActorStore } from '../../lib/actorStore.ts'
import type { FirstTap } from '../../lib/firstTaps.ts'
import type { CartActor } from './cartActor.ts'

type CartModule = typeof import('./cartActor.ts')

// The cart machine (and xstate) loads right after boot instead of with the first paint's JS.
let loading: Promise<CartModule> | undefined
const cartModule = () => (loading ??= import('./cartActor.ts'))

/** What the screens show of the cart: its lines, and whether it is still being read back from the device. */
interface CartView {
  cart: CartState
  restoring: boolean
  storage: StorageMode
  failure: StorageFailureReason | null
}

const EMPTY: CartState = emptyCart()
// Until the cart is read back (and what the server renders): empty, its badge not known yet.
const RESTORING: CartView = { cart: EMPTY, restoring: true, storage: 'persistent', failure: null }

const cart = actorStore({
  // The cart's own news (the "added to cart" toast) comes with its actor.
  load: () => cartModule().then((mod) => mod.startCart()),
  view: (snapshot: ReturnType<CartActor['getSnapshot']>): CartView => ({
    cart: snapshot.context.cart,
    restoring: snapshot.matches('restoring'),
    storage: snapshot.context.storage,
    failure: snapshot.context.failure,
  }),
  initial: RESTORING,
  equal: (a, b) => a.cart === b.cart && a.restoring === b.restoring && a.storage === b.storage && a.failure === b.failure,
})

/** A new device (src/lib/device.ts) holds no cart: it shows empty, known, without reading the store. */
export const showNewDeviceCart = (): void => cart.presume({ ...RESTORING, restoring: false })

/**
 * Starts the one cart actor in the background (the app does so once its first page is painted); an intent
 * made before that starts it at once and waits for it, so nothing the customer does is lost.
 */
export const startCartInBackground = (): Promise<CartActor> => cart.start()

/** Stops the cart actor and its cross-tab watch; tests start a fresh one. */
export const stopCart = (): void => cart.stop()

function withCart(use: (mod: CartModule, actor: CartActor) => void): void {
  void cart.start().then((actor) => cartModule().then((mod) => use(mod, actor)))
}

export const addToCart = (product: Product) => withCart((m, actor) => m.addToCart(actor, product))
export const addFirstTap = (tap: FirstTap) => withCart((m, actor) => m.addFirstTap(actor, tap))
export const removeLine = (cartId: string) => withCart((m, actor) => m.removeLine(actor, cartId))
/** Callers debounce typing; each call records one rename fact. */
export const renameLine = (cartId: string, name: string) => withCart((m, actor) => m.renameLine(actor, cartId, name))
export const clearCart = () => withCart((m, actor) => m.clearCart(actor))
/** A cart kept only in memory (the device cannot store it) is emptied here; a stored one follows the store. */
export const clearCartHeldInMemory = () => {
  if (cart.get().storage === 'memory') clearCart()
}

/** The cart as the cart actor holds it (restored at start, followed across tabs); empty until it loads. */
export function useCart(): CartState {
  return useActorStore(cart, (view) => view.cart)
}

/** Number of lines, for the header badge. */
export function useCartLineCount(): number {
  return useCart().order_lines.length
}

/** True until the cart is read back from the device: its badge is not known yet. */
export function useCartRestoring(): boolean {
  return useActorStore(cart, (view) => view.restoring)
}

/** Why the device is not saving the cart (null while it is), for the storage notice. */
export function useStorageFailure(): StorageFailureReason | null {
  return useActorStore(cart, (view) => view.failure)
}
