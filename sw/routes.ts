import { looksLikeFile } from '../src/domain/routePaths.ts'
import { PICTURE_WIDTHS, cataloguePicturePath, parseCataloguePicturePath } from '../src/domain/pictures.ts'

/** How the service worker treats a request; pure, so the rules are unit-tested without a worker. */
export type RouteKind =
  | 'app-shell' // a navigation to an app route: the precached index.html
  | 'catalogue' // GET /api/v2/bootstrap: network-first (revalidated by ETag), the cached copy offline
  | 'translations' // GET /i18n/*.json (this origin or I18N_HOST): stale-while-revalidate
  | 'product-image' // GET /images/*: cache-first with expiry
  | 'legal' // GET /api/legal/{language}: network-first, the cached copy offline (every language, kept across sign-outs)
  | 'customer-read' // other GET /api reads: network-first, short timeout, cached fallback
  | 'network' // everything else goes straight to the network

export interface RequestFacts {
  method: string
  mode: RequestMode | string
  url: URL
  origin: string
  /** The origin translations load from (I18N_HOST, from the page's settings); this origin when not given. */
  i18nOrigin?: string
}

// Never cached: sign-in and sessions, payment answers (a stale "pending" or an old checkout would mislead) and the
// customer's data download (all of their personal data, kept nowhere but in the file they save).
const NEVER_CACHED = /^\/api\/(auth(\/|$)|account\/data$|v2\/billing\/partner\/checkout\/)/
// The staff app (/staff) and its API are not the customer's: the worker never answers, caches or falls back for them.
const STAFF = /^\/(api\/)?staff(\/|$)/
const NOT_APP_ROUTES = /^\/(api|images|i18n|sandbox|assets|staff)(\/|$)/

const CATALOGUE_PATH = /^\/i18n\/[a-z]{2}\.json$/
const LEGAL_PATH = /^\/api\/legal\/[a-z]{2}$/

export function classify({ method, mode, url, origin, i18nOrigin = origin }: RequestFacts): RouteKind {
  if (method !== 'GET') return 'network'
  const path = url.pathname
  // Translations may come from another host; a language seen once must still work offline.
  if (url.origin === i18nOrigin && mode !== 'navigate' && CATALOGUE_PATH.test(path)) return 'translations'
  if (url.origin !== origin || STAFF.test(path)) return 'network'
  if (mode === 'navigate') return NOT_APP_ROUTES.test(path) || looksLikeFile(path) ? 'network' : 'app-shell'
  if (path === '/api/v2/bootstrap') return 'catalogue'
  if (path.startsWith('/images/')) return 'product-image'
  if (LEGAL_PATH.test(path)) return 'legal'
  if (path.startsWith('/api/') && !NEVER_CACHED.test(path)) return 'customer-read'
  return 'network'
}

/**
 * The other sizes of an uploaded catalogue picture, nearest first: offline, a card that asks for a size this device
 * never fetched shows one it has (the worker keeps the size the page picked, and each card's src).
 */
export function otherPictureSizes(path: string): string[] {
  const picture = parseCataloguePicturePath(path)
  if (!picture) return []
  return PICTURE_WIDTHS.filter((width) => width !== picture.width)
    .sort((a, b) => Math.abs(a - picture.width) - Math.abs(b - picture.width))
    .map((width) => cataloguePicturePath(picture.hash, width))
}

/**
 * The pictures a catalogue's cards show (GET /api/v2/bootstrap's products), on this site: kept by the worker with the
 * catalogue, so every card has its picture offline, not only those scrolled to while online.
 */
export function catalogueImages(catalogue: unknown): string[] {
  const products = (catalogue as { products?: unknown } | null)?.products
  if (!Array.isArray(products)) return []
  const images = products
    .map((p) => (p as { image?: unknown } | null)?.image)
    .filter((image): image is string => typeof image === 'string' && /^\/images\//.test(image))
  return [...new Set(images)]
}
