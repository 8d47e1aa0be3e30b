import { msg } from '@lingui/core/macro'
import { createActor, type ActorRefFrom } from 'xstate'
import type { cartMachine, CartIntent } from '../../../machines/cart.machine.ts'
import { lineFromProduct, type CartState } from '../../domain/cartState.ts'
import type { Product } from '../../domain/product.ts'
import type { Running } from '../../lib/actorStore.ts'
import { forgetFirstTap, type FirstTap } from '../../lib/firstTaps.ts'
import { toast } from '../../lib/toaster.ts'
import { deviceStore } from '../../lib/devicePorts.ts'
import { newId } from '../../lib/ids.ts'
import { i18n } from '../../i18n/i18n.ts'
import { restoreCart } from '../../store/commit.ts'
import { openStore } from '../../store/db.ts'
import { type CartCallbacks, provideCart } from './cartEffects.ts'
import { watchStoredCart } from './cartSync.ts'

export type { CartCallbacks } from './cartEffects.ts'

export type CartActor = ActorRefFrom<typeof cartMachine>

/** What the cart tells the customer: the "added to cart" toast, and a change the device could not store. */
const cartNews: CartCallbacks = {
  onAdded: (line) => {
    forgetFirstTap(line.cart_id)
    toast.success(i18n._(msg`added to cart`))
  },
  onStored: (fact) => forgetFirstTap(fact.id),
  onNotSaved: (fact) =>
    toast.error(
      fact.type === 'v1.CartLineAdded'
        ? i18n._(msg`Could not add ${fact.payload.line.name} to your cart on this device. Please try again.`)
        : i18n._(msg`Could not save that change to your cart on this device. Please try again.`),
      3000,
    ),
}

/** The device's store, as the cart reads it back: the cart, and why the device is not keeping it. */
const cartStore = {
  commit: deviceStore.commit,
  restoreCart: async () => {
    const { status } = await openStore()
    return { cart: await restoreCart(), failure: status.reason }
  },
}

/** Creates and starts the cart actor with the app's effects, following other tabs. */
export function startCart(callbacks: CartCallbacks = cartNews): Running<CartActor> {
  const actor: CartActor = createActor(provideCart({ store: cartStore, callbacks }))
  const idle = (snapshot = actor.getSnapshot()) => snapshot.matches({ ready: 'idle' })
  const sync = watchStoredCart({
    current: () => actor.getSnapshot(),
    busy: () => !idle(),
    adopt: (cart: CartState) => actor.send({ type: 'cart.synced', cart }),
  })
  // Watch other tabs only once the stored cart is known and this tab still writes to it; after this tab's own
  // writes, read once more (a change seen while they were in flight was skipped).
  let wasIdle = false
  const ready = actor.subscribe((snapshot) => {
    const nowIdle = idle(snapshot) && snapshot.context.storage === 'persistent'
    if (nowIdle) sync.start()
    if (nowIdle && !wasIdle) sync.settle()
    wasIdle = nowIdle
  })
  actor.start()
  return {
    actor,
    stop: () => {
      ready.unsubscribe()
      sync.stop()
      actor.stop()
    },
  }
}

type Unstamped<I> = I extends CartIntent ? Omit<I, 'factId' | 'occurredAt'> : never

/** Sends an intent with a new fact id (the idempotency key) and the current time. */
function send(actor: CartActor, intent: Unstamped<CartIntent>): void {
  actor.send({ ...intent, factId: newId(), occurredAt: new Date().toISOString() } as CartIntent)
}

export function addToCart(actor: CartActor, product: Product): void {
  send(actor, { type: 'cart.line.add', line: lineFromProduct(product, newId()) })
}

/** A tap made before the app ran: the tap's id is the fact's and the line's, so handing it on twice adds it once. */
export function addFirstTap(actor: CartActor, tap: FirstTap): void {
  actor.send({ type: 'cart.line.add', line: lineFromProduct(tap.product, tap.id), factId: tap.id, occurredAt: tap.at })
}

export function removeLine(actor: CartActor, cartId: string): void {
  send(actor, { type: 'cart.line.remove', cart_id: cartId })
}

/** Callers debounce typing; each call records one rename fact. */
export function renameLine(actor: CartActor, cartId: string, friendlyName: string): void {
  send(actor, { type: 'cart.line.rename', cart_id: cartId, friendly_name: friendlyName })
}

export function clearCart(actor: CartActor): void {
  send(actor, { type: 'cart.clear' })
}
