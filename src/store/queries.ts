import { emptyCart, type CartState } from '../domain/cart.ts'
import { CART_PROJECTION_VERSION } from '../domain/cartProjection.ts'
import type { Product } from '../domain/product.ts'
import { db, type StoreDb } from './db.ts'

// Named reads for useLiveQuery; each takes the opened store unless one is given.

/** The cart projection as stored; empty until the first cart fact (or while its version is rebuilt). */
export async function readCart(store: StoreDb = db()): Promise<CartState> {
  const row = await store.cart.get('cart')
  return row && row.version === CART_PROJECTION_VERSION ? row.state : emptyCart()
}

/** Number of lines in the stored cart, for the header badge. */
export async function readCartLineCount(store: StoreDb = db()): Promise<number> {
  return (await readCart(store)).order_lines.length
}

/** The cached catalogue in the server's order. */
export async function readCatalogue(store: StoreDb = db()): Promise<Product[]> {
  const rows = await store.catalogue.orderBy('position').toArray()
  return rows.map(({ position: _position, ...product }) => product)
}

/** When the cached catalogue was fetched (ISO time), or null when nothing is cached. */
export async function readCatalogueFetchedAt(store: StoreDb = db()): Promise<string | null> {
  return (await store.catalogueMeta.get('catalogue'))?.fetchedAt ?? null
}
