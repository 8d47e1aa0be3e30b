import { emptyCart, type CartState } from '../../domain/cartState.ts'
import type { Product } from '../../domain/product.ts'
import type { StorageFailureReason, StorageMode } from '../../domain/storage.ts'
import { actorStore, sameFields, useActorStore, type ActorStore } from '../../lib/actorStore.ts'
import type { FirstTap } from '../../lib/firstTaps.ts'
import { serviceHook } from '../../lib/serviceContext.ts'
import type { CartActor } from './cartActor.ts'

type CartModule = typeof import('./cartActor.ts')

/** What the screens show of the cart: its lines, and whether it is still being read back from the device. */
export interface CartView {
  cart: CartState
  restoring: boolean
  storage: StorageMode
  failure: StorageFailureReason | null
}

const EMPTY: CartState = emptyCart()
// Until the cart is read back (and what the server renders): empty, its badge not known yet.
const RESTORING: CartView = { cart: EMPTY, restoring: true, storage: 'persistent', failure: null }

/**
 * The app's cart (built by src/app/services.ts): the store of its one actor, which starts in the background once
 * the first page is painted (an intent made before that starts it at once and waits for it, so nothing the customer
 * does is lost), and the intents the screens send it.
 */
export interface Cart extends ActorStore<CartActor, CartView> {
  /** A new device (src/lib/device.ts) holds no cart: it shows empty, known, without reading the store. */
  showNewDevice(): void
  addToCart(product: Product): void
  /** A tap on the server's card made before the app ran. */
  addFirstTap(tap: FirstTap): void
  removeLine(cartId: string): void
  /** Callers debounce typing; each call records one rename fact. */
  renameLine(cartId: string, name: string): void
  /** A cart kept only in memory (the device cannot store it) is emptied here; a stored one follows the store. */
  clearHeldInMemory(): void
}

/** The cart; its machine (and xstate) loads right after boot instead of with the first paint's JS. */
export function createCart(): Cart {
  let loading: Promise<CartModule> | undefined
  const cartModule = () => (loading ??= import('./cartActor.ts'))
  const store = actorStore({
    // The cart's own news (the "added to cart" toast) comes with its actor.
    load: () => cartModule().then((mod) => mod.startCart()),
    view: (snapshot: ReturnType<CartActor['getSnapshot']>): CartView => ({
      cart: snapshot.context.cart,
      restoring: snapshot.matches('restoring'),
      storage: snapshot.context.storage,
      failure: snapshot.context.failure,
    }),
    initial: RESTORING,
    equal: sameFields,
  })
  const withCart = (use: (mod: CartModule, actor: CartActor) => void): void => {
    void store.start().then((actor) => cartModule().then((mod) => use(mod, actor)))
  }
  return {
    ...store,
    showNewDevice: () => store.presume({ ...RESTORING, restoring: false }),
    addToCart: (product) => withCart((m, actor) => m.addToCart(actor, product)),
    addFirstTap: (tap) => withCart((m, actor) => m.addFirstTap(actor, tap)),
    removeLine: (cartId) => withCart((m, actor) => m.removeLine(actor, cartId)),
    renameLine: (cartId, name) => withCart((m, actor) => m.renameLine(actor, cartId, name)),
    clearHeldInMemory: () => {
      if (store.get().storage === 'memory') withCart((m, actor) => m.clearCart(actor))
    },
  }
}

/** The app's cart, for a screen that sends it an intent. */
export const useCartService = serviceHook<Cart>('cart')

/** The cart as the cart actor holds it (restored at start, followed across tabs); empty until it loads. */
export function useCart(): CartState {
  return useActorStore(useCartService(), (view) => view.cart)
}

/** Number of lines, for the header badge. */
export function useCartLineCount(): number {
  return useCart().order_lines.length
}

/** True until the cart is read back from the device: its badge is not known yet. */
export function useCartRestoring(): boolean {
  return useActorStore(useCartService(), (view) => view.restoring)
}

/** Why the device is not saving the cart (null while it is), for the storage notice. */
export function useStorageFailure(): StorageFailureReason | null {
  return useActorStore(useCartService(), (view) => view.failure)
}
