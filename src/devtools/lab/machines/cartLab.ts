import { cartEventSchemas } from '../../../../machines/cart.events.ts'
import { cartMachine, type CartContext, type StoredCart } from '../../../../machines/cart.machine.ts'
import { emptyCart, lineFromProduct } from '../../../domain/cartState.ts'
import { readCart } from '../../../store/queries.ts'
import { newId } from '../../../lib/ids.ts'
import { provideCart } from '../../../features/cart/cartEffects.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts } from '../labPorts.ts'

type CartLabContext = Pick<CartContext, 'cart' | 'pending'>

const stamp = () => ({ factId: newId(), occurredAt: new Date().toISOString() })
/** The first line the cart holds or is writing: what a rename or removal names by default. */
const firstLineId = (context: CartLabContext) =>
  context.cart.order_lines[0]?.cart_id ?? context.pending.flatMap((f) => (f.type === 'v1.CartLineAdded' ? [f.payload.line.cart_id] : []))[0] ?? ''
const sampleProduct = {
  id: 1,
  name: '4G Uncapped 10Mbps',
  plan: '4G Uncapped',
  unit_price: 299,
  speed: 'Up to 10Mbps',
  image: '/images/products/4g-10mbps.svg',
}

/** The cart machine with the app's effects: restored from the lab log's cart projection, each fact committed to the lab log. */
export const cartLab: LabMachine = {
  id: 'cart',
  machine: cartMachine,
  modes: ['sandbox', 'succeeds', 'storageFails'],
  events: [
    { type: 'cart.line.add', schema: cartEventSchemas['cart.line.add'], stamp, template: () => ({ line: lineFromProduct(sampleProduct, newId()) }) },
    {
      type: 'cart.line.remove',
      schema: cartEventSchemas['cart.line.remove'],
      stamp,
      template: (context: CartLabContext) => ({ cart_id: firstLineId(context) }),
    },
    {
      type: 'cart.line.rename',
      schema: cartEventSchemas['cart.line.rename'],
      stamp,
      template: (context: CartLabContext) => ({ cart_id: firstLineId(context), friendly_name: 'Home router' }),
    },
    { type: 'cart.clear', schema: cartEventSchemas['cart.clear'], stamp },
    { type: 'cart.synced', schema: cartEventSchemas['cart.synced'], template: (context: CartLabContext) => ({ cart: context.cart }) },
  ],
  provide: (mode, io) => {
    const { store } = labPorts(mode, io)
    // sandbox: the cart the lab log holds; succeeds: a cart that starts empty; storageFails: no storage at all.
    const restoreCart = async (): Promise<StoredCart> => {
      if (mode === 'sandbox') return { cart: await readCart(await io.db()), failure: null }
      await io.delay()
      if (mode === 'storageFails') throw new Error('IndexedDB is not available in this browser.')
      return { cart: emptyCart(), failure: null }
    }
    // The toasts and the storage notice belong to the app's screens.
    return provideCart({ store: { commit: store.commit, restoreCart }, callbacks: {} })
  },
}
