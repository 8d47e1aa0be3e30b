import { lineFromProduct, type OrderLine } from '../../src/domain/cartState.ts'
import { makeFact, type FactPayload, type FactType } from '../../src/domain/events.ts'
import type { Product } from '../../src/domain/product.ts'
import { closeStore, openStore, StoreDb } from '../../src/store/db.ts'

export const lte: Product = { id: 11, name: 'LTE Uncapped 20Mbps', plan: 'month', unit_price: 299, speed: '20Mbps', image: '/img/lte.webp' }
export const fiveG: Product = { id: 12, name: '5G Uncapped 100Mbps', plan: 'month', unit_price: 1299, speed: '100Mbps', image: '/img/5g.webp' }

export const line = (cartId: string, product: Product = lte): OrderLine => lineFromProduct(product, cartId)

let counter = 0
/** A fact with a fresh id and a fixed clock. */
export const fact = <T extends FactType>(type: T, payload: FactPayload<T>, id = `fact-${++counter}`) =>
  makeFact(type, payload, { id, occurredAt: '2025-03-01T08:00:00.000Z' })

export const added = (cartId: string, product: Product = lte, id?: string) => fact('v1.CartLineAdded', { line: line(cartId, product) }, id)
export const removed = (cartId: string, id?: string) => fact('v1.CartLineRemoved', { cart_id: cartId }, id)
export const renamed = (cartId: string, name: string, id?: string) => fact('v1.CartLineRenamed', { cart_id: cartId, friendly_name: name }, id)
export const cleared = (id?: string) => fact('v1.CartCleared', {}, id)

let dbCounter = 0
/** A database no other test has touched. */
export async function freshDb(): Promise<StoreDb> {
  const store = new StoreDb(`test-${Date.now()}-${++dbCounter}`)
  await store.open()
  return store
}

/** Resets the singleton to a brand-new database of its own. */
export async function freshStore(): Promise<StoreDb> {
  await closeStore({ delete: true })
  return (await openStore({ name: `store-${Date.now()}-${++dbCounter}` })).db
}
