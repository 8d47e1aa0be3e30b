import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import type { OrderLine } from '../../src/domain/cart.ts'
import type { StorageFailureReason } from '../../src/domain/storage.ts'
import { addToCart, clearCart, removeLine, renameLine, startCart, stopCart } from '../../src/features/cart/cartActor.ts'
import { commit } from '../../src/store/commit.ts'
import { closeStore, openStore, StoreDb } from '../../src/store/db.ts'
import { readCart } from '../../src/store/queries.ts'
import { added, fiveG, freshStore, line, lte } from '../store/fixtures.ts'

afterEach(async () => {
  stopCart()
  await closeStore({ delete: true })
})

function start() {
  const toasts: OrderLine[] = []
  const failures: StorageFailureReason[] = []
  const actor = startCart({ onAdded: (l) => toasts.push(l), onStorageFailed: (r) => failures.push(r) })
  const ready = () => waitFor(actor, (s) => s.matches('ready'))
  const cart = () => actor.getSnapshot().context.cart
  return { actor, toasts, failures, ready, cart }
}

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
    const { ready, cart, toasts } = start()
    await ready()
    addToCart(lte)
    addToCart(lte)
    expect(cart().order_lines).toHaveLength(2)
    expect(cart().total).toBe(598)
    const [first, second] = cart().order_lines
    expect(first?.cart_id).not.toBe(second?.cart_id)
    expect(toasts.map((l) => l.cart_id)).toEqual([first?.cart_id, second?.cart_id])
    await expect.poll(() => readCart()).toEqual(cart())
  })

  it('keeps the cart, renamed and trimmed, across a reload', async () => {
    await freshStore()
    const before = start()
    await before.ready()
    addToCart(lte)
    addToCart(fiveG)
    const [first, second] = before.cart().order_lines
    renameLine(first!.cart_id, 'Home')
    removeLine(second!.cart_id)
    await expect.poll(() => readCart()).toEqual(before.cart())
    stopCart()
    const after = start()
    await after.ready()
    expect(after.cart().order_lines.map((l) => l.product_configs.configs[0].friendly_name)).toEqual(['Home'])
    expect(after.cart().total).toBe(299)
    expect(after.toasts).toEqual([])
  })

  it('clears the cart', async () => {
    await freshStore()
    const { ready, cart } = start()
    await ready()
    addToCart(lte)
    clearCart()
    expect(cart()).toEqual({ order_lines: [], total: 0 })
    await expect.poll(async () => (await readCart()).order_lines.length).toBe(0)
  })

  it('does not lose a product added before the stored cart is restored', async () => {
    await freshStore()
    await commit(added('old'))
    const { ready, cart, toasts } = start()
    addToCart(fiveG)
    await ready()
    expect(cart().order_lines.map((l) => l.name)).toEqual([lte.name, fiveG.name])
    expect(toasts).toHaveLength(1)
    await expect.poll(() => readCart()).toEqual(cart())
  })

  it('takes up a change another tab made to the stored cart', async () => {
    const store = await freshStore()
    const { ready, cart } = start()
    await ready()
    addToCart(lte)
    await expect.poll(() => readCart()).toEqual(cart())
    const otherTab = new StoreDb(store.name)
    await commit(added('from-other-tab', fiveG), { db: otherTab })
    await expect.poll(() => cart().order_lines.map((l) => l.cart_id).at(-1)).toBe('from-other-tab')
    expect(cart().total).toBe(299 + 1299)
    otherTab.close()
  })

  it('works in memory when the browser has no IndexedDB, and says so', async () => {
    await closeStore({ delete: true })
    await openStore({ name: `no-idb-${Date.now()}`, indexedDB: null })
    const { ready, cart, failures, actor } = start()
    await ready()
    addToCart(lte)
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

  it('switches to memory and reports it when a write fails, keeping the line', async () => {
    const store = await freshStore()
    const { ready, cart, failures, actor } = start()
    await ready()
    store.close()
    addToCart(lte)
    await waitFor(actor, (s) => s.context.storage === 'memory')
    expect(failures).toEqual(['write-failed'])
    expect(cart().total).toBe(299)
  })

  it('returns the running actor when started twice', async () => {
    await freshStore()
    expect(start().actor).toBe(start().actor)
  })
})

describe('new ids', () => {
  it('are version 4 UUIDs even where randomUUID is missing', async () => {
    const { newId } = await import('../../src/features/cart/cartIds.ts')
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
