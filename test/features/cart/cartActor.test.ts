import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import type { CartState, OrderLine } from '../../../src/domain/cartState.ts'
import type { StorageFailureReason } from '../../../src/domain/storage.ts'
import * as intents from '../../../src/features/cart/cartActor.ts'
import { createCart } from '../../../src/features/cart/cart.ts'
import type { CartFactRecord } from '../../../machines/cart.machine.ts'
import { commit } from '../../../src/store/commit.ts'
import { closeStore, openStore, StoreDb } from '../../../src/store/db.ts'
import { readCart } from '../../../src/store/queries.ts'
import { toast } from '../../../src/lib/toaster.ts'
import { added, fiveG, freshStore, line, lte } from '../../store/fixtures.ts'

let running: ReturnType<typeof intents.startCart> | undefined
const stopCart = () => {
  running?.stop?.()
  running = undefined
}

// The app's cart service, as src/app/services.ts builds it.
let cartStore = createCart()
afterEach(async () => {
  stopCart()
  cartStore.stop()
  cartStore = createCart()
  // The page's document, for the store's tests; a test without one is the server.
  vi.stubGlobal('document', undefined)
  await closeStore({ delete: true })
})

function start() {
  const toasts: OrderLine[] = []
  const failures: StorageFailureReason[] = []
  const notSaved: CartFactRecord[] = []
  /** What the store held when each "added to cart" was announced. */
  const storedAtToast: CartState[] = []
  running = intents.startCart({
    onAdded: (l) => {
      toasts.push(l)
      void readCart().then(
        (c) => storedAtToast.push(c),
        () => {},
      )
    },
    onStorageFailed: (r) => failures.push(r),
    onNotSaved: (f) => notSaved.push(f),
  })
  const { actor } = running
  const ready = () => waitFor(actor, (s) => s.matches('ready'))
  /** Every write sent so far has completed (or failed). */
  const settled = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }))
  const cart = () => actor.getSnapshot().context.cart
  return { actor, toasts, failures, notSaved, storedAtToast, ready, settled, cart }
}

/** The intents, sent to the actor the test started last. */
const current = () => running!.actor
const addToCart = (product: Parameters<typeof intents.addToCart>[1]) => intents.addToCart(current(), product)
const addFirstTap = (tap: Parameters<typeof intents.addFirstTap>[1]) => intents.addFirstTap(current(), tap)
const removeLine = (cartId: string) => intents.removeLine(current(), cartId)
const renameLine = (cartId: string, name: string) => intents.renameLine(current(), cartId, name)
const clearCart = () => intents.clearCart(current())

describe('the cart actor', () => {
  it('restores the stored cart on start', async () => {
    await freshStore()
    await commit(added('a', lte))
    await commit(added('b', fiveG))
    const { ready, cart } = start()
    await ready()
    expect(cart()).toEqual({ order_lines: [line('a', lte), line('b', fiveG)], total: 1598 })
  })

  it('adds a product as a new line, announces it and stores it', async () => {
    await freshStore()
    const { ready, settled, cart, toasts, storedAtToast } = start()
    await ready()
    addToCart(lte)
    addToCart(lte)
    // Nothing shows before its write completed.
    expect(cart().order_lines).toHaveLength(0)
    await settled()
    expect(cart().order_lines).toHaveLength(2)
    expect(cart().total).toBe(598)
    const [first, second] = cart().order_lines
    expect(first?.cart_id).not.toBe(second?.cart_id)
    expect(toasts.map((l) => l.cart_id)).toEqual([first?.cart_id, second?.cart_id])
    expect(await readCart()).toEqual(cart())
    // Each "added to cart" came when its line was already in the store.
    await expect.poll(() => storedAtToast.length).toBe(2)
    expect(storedAtToast.map((c) => c.order_lines.length)).toEqual([1, 2])
  })

  it('adds a tap handed on twice (a page unloaded before forgetting it) once, and announces it once', async () => {
    await freshStore()
    const tap = { id: 'tap-1', product: lte, at: '2026-11-24T08:00:00.000Z' }
    const first = start()
    await first.ready()
    addFirstTap(tap)
    await first.settled()
    stopCart()
    const second = start()
    await second.ready()
    addFirstTap(tap)
    await second.settled()
    expect(second.cart().order_lines.map((l) => l.cart_id)).toEqual(['tap-1'])
    expect(await readCart()).toEqual(second.cart())
    expect([...first.toasts, ...second.toasts].map((l) => l.cart_id)).toEqual(['tap-1'])
  })

  it('keeps the cart, renamed and trimmed, across a reload', async () => {
    await freshStore()
    const before = start()
    await before.ready()
    addToCart(lte)
    addToCart(fiveG)
    await before.settled()
    const [first, second] = before.cart().order_lines
    renameLine(first!.cart_id, 'Home')
    removeLine(second!.cart_id)
    await before.settled()
    expect(await readCart()).toEqual(before.cart())
    stopCart()
    const after = start()
    await after.ready()
    expect(after.cart().order_lines.map((l) => l.product_configs.configs[0].friendly_name)).toEqual(['Home'])
    expect(after.cart().total).toBe(299)
    expect(after.toasts).toEqual([])
  })

  it('clears the cart', async () => {
    await freshStore()
    const { ready, settled, cart } = start()
    await ready()
    addToCart(lte)
    clearCart()
    await settled()
    expect(cart()).toEqual({ order_lines: [], total: 0 })
    expect((await readCart()).order_lines).toHaveLength(0)
  })

  it('does not lose a product added before the stored cart is restored', async () => {
    await freshStore()
    await commit(added('old'))
    const { ready, settled, cart, toasts } = start()
    addToCart(fiveG)
    await ready()
    await settled()
    expect(cart().order_lines.map((l) => l.name)).toEqual([lte.name, fiveG.name])
    expect(toasts).toHaveLength(1)
    await expect.poll(() => readCart()).toEqual(cart())
  })

  it('takes up a change another tab made to the stored cart', async () => {
    const store = await freshStore()
    const { ready, settled, cart } = start()
    await ready()
    addToCart(lte)
    await settled()
    expect(cart().order_lines).toHaveLength(1)
    expect(await readCart()).toEqual(cart())
    const otherTab = new StoreDb(store.name)
    await commit(added('from-other-tab', fiveG), { db: otherTab })
    await expect
      .poll(() =>
        cart()
          .order_lines.map((l) => l.cart_id)
          .at(-1),
      )
      .toBe('from-other-tab')
    expect(cart().total).toBe(299 + 1299)
    otherTab.close()
  })

  it('works in memory when the browser has no IndexedDB, and says so', async () => {
    await closeStore({ delete: true })
    await openStore({ name: `no-idb-${Date.now()}`, indexedDB: null })
    const { ready, settled, cart, failures, actor } = start()
    await ready()
    addToCart(lte)
    await settled()
    expect(cart().total).toBe(299)
    expect(failures).toEqual(['unavailable'])
    expect(actor.getSnapshot().context.storage).toBe('persistent')
  })

  it('carries on in memory when the store cannot be read at start', async () => {
    const store = await freshStore()
    store.close()
    const { ready, cart, failures, actor } = start()
    await ready()
    expect(actor.getSnapshot().context.storage).toBe('memory')
    expect(failures).toEqual(['unavailable'])
    addToCart(lte)
    expect(cart().total).toBe(299)
  })

  it('a write that fails adds nothing and says so, then the cart carries on in memory', async () => {
    const store = await freshStore()
    const { ready, cart, failures, notSaved, toasts, actor } = start()
    await ready()
    store.close()
    addToCart(lte)
    await waitFor(actor, (s) => s.context.storage === 'memory')
    expect(failures).toEqual(['write-failed'])
    expect(notSaved.map((f) => f.type)).toEqual(['v1.CartLineAdded'])
    expect(toasts).toEqual([])
    expect(cart().total).toBe(0)
    addToCart(lte)
    expect(cart().total).toBe(299)
    expect(toasts).toHaveLength(1)
  })

  it('reports a store that opened only in memory in its context, for the storage notice', async () => {
    await closeStore({ delete: true })
    await openStore({ name: `no-idb-${Date.now()}`, indexedDB: null })
    const { ready, actor } = start()
    await ready()
    expect(actor.getSnapshot().context.failure).toBe('unavailable')
  })
})

describe('the cart store', () => {
  it('starts one cart actor however often it is asked, and an intent made before it runs reaches it', async () => {
    await freshStore()
    vi.stubGlobal('document', {})
    // The cart's own news: the "added to cart" toast, shown once the line is stored.
    const shown = vi.spyOn(toast, 'success')
    cartStore.addToCart(lte)
    const [first, second] = await Promise.all([cartStore.start(), cartStore.start()])
    expect(first).toBe(second)
    await waitFor(first, (s) => s.matches({ ready: 'idle' }) && s.context.cart.order_lines.length === 1)
    expect(first.getSnapshot().context.cart.order_lines.map((l) => l.name)).toEqual([lte.name])
    expect(shown).toHaveBeenCalledWith('added to cart')
    expect(await readCart()).toEqual(first.getSnapshot().context.cart)
  })

  it('starts nothing on the server', async () => {
    let started = false
    void cartStore.start().then(() => (started = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started).toBe(false)
  })
})

describe('new ids', () => {
  it('are version 4 UUIDs even where randomUUID is missing', async () => {
    const { newId } = await import('../../../src/lib/ids.ts')
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(newId()).toMatch(uuid)
    const original = crypto.randomUUID
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const ids = new Set(Array.from({ length: 50 }, newId))
      expect(ids.size).toBe(50)
      for (const id of ids) expect(id).toMatch(uuid)
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true })
    }
  })
})
