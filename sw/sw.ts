/// <reference lib="webworker" />
import { cacheNames, clientsClaim, type RouteHandlerCallback, type WorkboxPlugin } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { apiBase, type ClientSettings, clientSettingsFromHtml, pageWithoutSettings } from '../src/domain/clientSettings.ts'
import { CACHES } from '../src/domain/caches.ts'
import { legalApiPath } from '../src/domain/legalPages.ts'
import { LANGUAGES } from '../src/domain/languageCodes.ts'
import { CUSTOMER_SIGNED_OUT, GET_VERSION, pageMessage, SKIP_WAITING, type VersionAnswer } from '../src/pwa/workerMessages.ts'
import { catalogueImages, classify, otherPictureSizes, type RouteKind } from './routes.ts'
import './orderQueue.ts'
import { listenForPush } from './push.ts'
import { cachedPushSettings } from '../src/pwa/pushSettings.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// A fresh install takes the open pages at once; an update waits until the customer presses "Reload".
clientsClaim()

// Workbox's plugin classes declare optional callbacks as `| undefined`, which exactOptionalPropertyTypes rejects.
const plugins = (...list: object[]) => list as WorkboxPlugin[]
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] })

const origin = self.location.origin

// Pictures never change under a name (an upload's path carries its content hash, the seed's change with the artwork):
// kept by count, not age, so a phone long offline still shows them.
const images = new CacheFirst({ cacheName: CACHES.images, plugins: plugins(okOnly(), new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })) })
// Each catalogue kept brings its cards' pictures along (those of cards never scrolled to included), so all show offline.
const keepPictures: WorkboxPlugin = {
  cacheDidUpdate: async ({ newResponse, event }) => {
    const listed = catalogueImages(await newResponse.json().catch(() => undefined))
    await Promise.all(listed.map((path) => images.handle({ event, request: new Request(new URL(path, origin)) }).catch(() => undefined)))
  },
}
// Network first: an online start shows the catalogue the server serves now (mostly a 304 on its ETag, through the HTTP
// cache), so a price change is seen on the next visit, not the one after; offline, or with no answer in time, the copy
// kept here. (Stale-while-revalidate showed the previous visit's copy and fetched the new one only for the visit after.)
const catalogue = new NetworkFirst({ cacheName: CACHES.catalogue, networkTimeoutSeconds: 4, plugins: plugins(okOnly(), keepPictures) })
const translations = new StaleWhileRevalidate({ cacheName: CACHES.translations, plugins: plugins(okOnly()) })
// The legal pages: the server's current text online, the kept copy offline; every language is kept from the install on.
const legal = new NetworkFirst({ cacheName: CACHES.legal, networkTimeoutSeconds: 4, plugins: plugins(okOnly()) })

// The deployment's settings are those the server wrote into the page (src/config.ts): the worker reads them from its
// precached copy, so they hold offline too. Kept once read; a refreshed page (refreshShell) reads them again.
let settings: Promise<ClientSettings | undefined> | undefined
let i18nOrigin: string | undefined
function pageSettings(): Promise<ClientSettings | undefined> {
  settings ??= matchPrecache('/index.html')
    .then((page) => page?.text())
    .then((html) => {
      const read = html ? clientSettingsFromHtml(html) : undefined
      if (!read) settings = undefined
      else i18nOrigin = read.i18nHost ? new URL(read.i18nHost).origin : origin
      return read
    })
    .catch(() => {
      settings = undefined
      return undefined
    })
  return settings
}
void pageSettings()

/**
 * The precached page opens at once, and is then checked against the server's (by ETag, so mostly a 304): the
 * server's settings can change without a new build (another key, the wallet turned on), and the next start has them.
 */
async function refreshShell(): Promise<void> {
  const key = getCacheKeyForURL('/index.html')
  if (!key) return
  const cache = await caches.open(cacheNames.precache)
  const kept = await cache.match(key)
  if (!kept) return
  const etag = kept.headers.get('ETag')
  const fresh = await fetch('/index.html', { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} })
  if (fresh.status !== 200) return
  const html = await fresh.clone().text()
  // Another build's page names scripts this worker has not precached: its own worker brings it, with them.
  if (!clientSettingsFromHtml(html) || pageWithoutSettings(html) !== pageWithoutSettings(await kept.text())) return
  await cache.put(key, fresh)
  settings = undefined
  await pageSettings()
}

const shell = createHandlerBoundToURL('/index.html')
const appShell: RouteHandlerCallback = (options) => {
  options.event?.waitUntil?.(refreshShell().catch(() => undefined))
  return shell(options)
}

// Until the settings are read, a catalogue from any host is a candidate; the handler decides once they are.
const fromTranslationsHost: RouteHandlerCallback = async (options) => {
  await pageSettings()
  return options.url.origin === (i18nOrigin ?? origin) ? translations.handle(options) : fetch(options.request)
}

/** A picture from the cache, else the network; offline, a size of the same picture this device has, if it has one. */
const productImage: RouteHandlerCallback = async (options) => {
  try {
    return await images.handle(options)
  } catch (error) {
    const kept = await caches.open(CACHES.images)
    for (const other of otherPictureSizes(options.url.pathname)) {
      const found = await kept.match(new URL(other, origin).href)
      if (found) return found
    }
    throw error
  }
}

const handlers: Record<Exclude<RouteKind, 'network'>, Parameters<typeof registerRoute>[1]> = {
  'app-shell': appShell,
  catalogue,
  translations: fromTranslationsHost,
  legal,
  'product-image': productImage,
  'customer-read': new NetworkFirst({
    cacheName: CACHES.customer,
    networkTimeoutSeconds: 4,
    plugins: plugins(okOnly(), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 })),
  }),
}

// Anything not matched (POSTs, /api/auth, the sandboxes) is left to the browser and the network.
for (const [kind, handler] of Object.entries(handlers))
  registerRoute(
    ({ request, url }) => classify({ method: request.method, mode: request.mode, url, origin, i18nOrigin: i18nOrigin ?? url.origin }) === kind,
    handler,
  )

// A first visit's page came with its catalogue, and a new device keeps it only once the customer keeps something
// there (src/lib/device.ts): the worker caches the catalogue (and the legal pages) as it installs, so the app opens
// offline from then on. Offline at install, the app's own first read caches it instead.
self.addEventListener('install', (event) => {
  // The page is not precached yet while the worker installs: its settings (the API key) come from the server's copy.
  const prefetch = fetch('/index.html', { cache: 'no-store' })
    .then((page) => page.text())
    .then((html) => {
      const key = clientSettingsFromHtml(html)?.apiKey
      if (!key) return undefined
      const read = (path: string) => new Request(new URL(`${apiBase}${path}`, origin), { headers: { Key: key, Accept: 'application/json' } })
      // The legal pages in every language, so the footer's links open offline whatever language the customer picks.
      return Promise.all([
        catalogue.handle({ event, request: read('/v2/bootstrap') }),
        ...LANGUAGES.map((language) => legal.handle({ event, request: read(legalApiPath(language)) })),
      ])
    })
  event.waitUntil(
    prefetch.then(
      () => undefined,
      () => undefined,
    ),
  )
})

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = pageMessage(event.data)
  if (message?.type === SKIP_WAITING) void self.skipWaiting()
  // Which build this worker is, for support and for the update test.
  if (message?.type === GET_VERSION) event.ports[0]?.postMessage({ build: import.meta.env.VITE_BUILD_ID } satisfies VersionAnswer)
  // One customer never sees another's data on a shared phone.
  if (message?.type === CUSTOMER_SIGNED_OUT) event.waitUntil(caches.delete(CACHES.customer).then(() => undefined))
})

// Push: one notification per push, a tap opens the page it names, a renewed subscription is stored again (sw/push.ts).
listenForPush(self, {
  store: cachedPushSettings(CACHES.push),
  save: async (body) => {
    const key = (await pageSettings())?.apiKey
    const response = await fetch(`${apiBase}/push/subscription`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(key ? { Key: key } : {}) },
      body: JSON.stringify(body),
    })
    return { status: response.status }
  },
})
