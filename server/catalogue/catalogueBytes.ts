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

/** One database's catalogue in memory. */
interface Held {
  /** The catalogue being served, and the same as a settled promise for readers that await it. */
  bytes?: CatalogueBytes | undefined
  answer?: Promise<CatalogueBytes> | undefined
  /** The first read under way, which every reader waits on until a catalogue is held. */
  first?: Promise<CatalogueBytes> | undefined
  /** Builds started, and the number of the one served: a build that ends after a newer one was served is dropped. */
  started: number
  served: number
}

// The catalogue is read on nearly every visit and changes seldom, so the answer is built once per database and
// rebuilt when it changes: every instance hears catalogueChanged() commits (liveCatalogue.ts) and calls reloadCatalogue.
// Orders are always priced from the table, so a catalogue served a moment longer never sells at its old price.
const held = new WeakMap<Queryable, Held>()

/** Builds the catalogue of db and serves it, unless a newer build is served already; resolves with what is served. */
function start(db: Queryable, own: Held): Promise<CatalogueBytes> {
  const number = ++own.started
  const reading = build(db)
  return reading.then((bytes) => {
    if (number > own.served) Object.assign(own, { served: number, bytes, answer: reading })
    return own.bytes ?? bytes
  })
}

/** The active catalogue of db, read from the database only when it is not already in memory. */
export function catalogueBytes(db: Queryable): Promise<CatalogueBytes> {
  const own = held.get(db)
  if (own?.answer) return own.answer
  const holder = own ?? { started: 0, served: 0 }
  held.set(db, holder)
  // A failed read is not remembered: the next request asks the database again.
  holder.first ??= start(db, holder).finally(() => {
    holder.first = undefined
  })
  return holder.first
}

/** The catalogue of db when it is already in memory, else undefined (then catalogueBytes reads it). */
export const builtCatalogue = (db: Queryable): CatalogueBytes | undefined => held.get(db)?.bytes

/**
 * Reads the catalogue of db again after a change was committed, and serves it once it is whole: readers get the
 * previous one until then, never a part of each. Nothing to do while db's catalogue was never read (the first read
 * builds it); rejects when the database cannot be read, and the previous catalogue stays served.
 */
export async function reloadCatalogue(db: Queryable): Promise<CatalogueBytes | undefined> {
  const own = held.get(db)
  return own ? start(db, own) : undefined
}

async function build(db: Queryable): Promise<CatalogueBytes> {
  const body = JSON.stringify({ products: await listProducts(db) })
  // The same tag Hono's etag() middleware derives (SHA-1 of the body), so clients keep their validators.
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`
  const headers = { 'Cache-Control': 'no-cache', ETag: etag, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }
  return { body, etag, headers, headerList: Object.entries(headers).flat() }
}
