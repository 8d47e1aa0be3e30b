import type { Messages } from '@lingui/core'
import * as v from 'valibot'
import { CACHES } from '../domain/caches.ts'
import { catalogueUrl } from './catalogueUrl.ts'
import type { Locale } from './locales.ts'

// Compiled messages are strings or ICU token arrays; the shape is Lingui's own.
const CatalogueSchema = v.object({ messages: v.record(v.string(), v.unknown()) })

/** Offline, and this language was never loaded on the device: only a connection helps, so no retry is made. */
export class NeedsConnectionError extends Error {
  constructor(readonly locale: Locale) {
    super(`The ${locale} translations need a connection the first time.`)
    this.name = 'NeedsConnectionError'
  }
}

/** One try at a language's catalogue (/i18n/{lng}.json): the network, through the worker's cache. */
export async function fetchCatalogue(locale: Locale): Promise<Messages> {
  const url = catalogueUrl(locale)
  let response: Response
  try {
    response = await fetch(url)
  } catch (error) {
    const kept = await cachedCopy(url)
    if (kept) response = kept
    else if (globalThis.navigator?.onLine === false) throw new NeedsConnectionError(locale)
    else throw error
  }
  if (!response.ok) throw new Error(`Could not load the ${locale} translations (${response.status})`)
  const keeping = keepForOffline(url, response.clone())
  const body = v.parse(CatalogueSchema, await response.json())
  await keeping
  return body.messages as Messages
}

const hasCaches = () => typeof caches !== 'undefined'

/** The worker's copy, for a page the worker does not control (the first visit, or a forced reload). */
async function cachedCopy(url: string): Promise<Response | undefined> {
  return hasCaches() ? caches.match(url, { cacheName: CACHES.translations }).catch(() => undefined) : undefined
}

/** A page the worker does not control yet (the first visit) keeps the catalogue in the worker's cache itself. */
async function keepForOffline(url: string, response: Response): Promise<void> {
  if (!hasCaches() || globalThis.navigator?.serviceWorker?.controller) return
  await caches
    .open(CACHES.translations)
    .then((cache) => cache.put(url, response))
    .catch(() => undefined)
}
