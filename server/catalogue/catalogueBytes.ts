import { createHash } from 'node:crypto'
import type { Queryable } from '../db/types.ts'
import { listProducts } from './listProducts.ts'

/** The catalogue as GET /v2/bootstrap sends it: the JSON text and its strong ETag. */
export interface CatalogueBytes {
  body: string
  etag: string
  /** The 200 answer's headers, built once with the bytes. */
  headers: Record<string, string>
  /** The same headers as a flat list of names and values. */
  headerList: readonly string[]
}

// Products are written only by seed() at start-up (migrations create the table empty; orders only read
// it), so the answer is built once per database and rebuilt after the next seed instead of queried on
// every request. A product changed by hand in SQL shows in the catalogue after a restart (orders are
// always priced from the table, so such a change is never sold at the cached price).
const cache = new WeakMap<Queryable, Promise<CatalogueBytes>>()
// The same answers once built, for readers that cannot wait on a promise.
const built = new WeakMap<Queryable, CatalogueBytes>()

/** The active catalogue of db, read from the database only when it is not already in memory. */
export function catalogueBytes(db: Queryable): Promise<CatalogueBytes> {
  const cached = cache.get(db)
  if (cached) return cached
  const reading = build(db)
  cache.set(db, reading)
  reading.then(
    (bytes) => cache.get(db) === reading && built.set(db, bytes),
    // A failed read is not remembered: the next request asks the database again.
    () => cache.get(db) === reading && cache.delete(db),
  )
  return reading
}

/** The catalogue of db when it is already in memory, else undefined (then catalogueBytes reads it). */
export const builtCatalogue = (db: Queryable): CatalogueBytes | undefined => built.get(db)

/** Call after writing products: the next catalogue read goes to the database. */
export function catalogueChanged(db: Queryable): void {
  cache.delete(db)
  built.delete(db)
}

async function build(db: Queryable): Promise<CatalogueBytes> {
  const body = JSON.stringify({ products: await listProducts(db) })
  // The same tag Hono's etag() middleware derives (SHA-1 of the body), so clients keep their validators.
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`
  const headers = { 'Cache-Control': 'no-cache', ETag: etag, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }
  return { body, etag, headers, headerList: Object.entries(headers).flat() }
}
