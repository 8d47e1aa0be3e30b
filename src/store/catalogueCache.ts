import type { Product } from '../domain/product.ts'
import { openStore, type StoreDb } from './db.ts'

/** Replaces the cached catalogue at once, so readers never see half of an old and half of a new one. */
export async function saveCatalogue(products: readonly Product[], fetchedAt: string, store?: StoreDb): Promise<void> {
  const target = store ?? (await openStore()).db
  await target.transaction('rw', [target.catalogue, target.catalogueMeta], async () => {
    await target.catalogue.clear()
    await target.catalogue.bulkPut(products.map((product, position) => ({ ...product, position })))
    await target.catalogueMeta.put({ key: 'catalogue', fetchedAt })
  })
}
