import type { Product } from '../../domain/product.ts'
import { followRead } from '../../store/followRead.ts'
import { readCatalogue, readCatalogueFetchedAt } from '../../store/queries.ts'

export { saveCatalogue } from '../../store/catalogueCache.ts'

/** The device's catalogue read model: the products and when they were fetched (null when none are cached). */
export interface CachedCatalogue {
  products: Product[]
  fetchedAt: string | null
}

/** Follows the catalogue read model; the returned function stops. */
export const followCachedCatalogue = (onChange: (cached: CachedCatalogue) => void): (() => void) =>
  followRead(async (store) => ({ products: await readCatalogue(store), fetchedAt: await readCatalogueFetchedAt(store) }), onChange)
