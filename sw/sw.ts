/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { config } from '../src/config.ts'
import { CACHES } from '../src/domain/caches.ts'
import { classify, type PageMessage, type RouteKind } from './routes.ts'
import './orderQueue.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// A fresh install takes the open pages at once; an update waits until the customer presses "Reload".
clientsClaim()

// Workbox's plugin classes declare optional callbacks as `| undefined`, which exactOptionalPropertyTypes rejects.
const plugins = (...list: object[]) => list as WorkboxPlugin[]
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] })

const catalogue = new StaleWhileRevalidate({ cacheName: CACHES.catalogue, plugins: plugins(okOnly()) })

const handlers: Record<Exclude<RouteKind, 'network'>, Parameters<typeof registerRoute>[1]> = {
  'app-shell': createHandlerBoundToURL('/index.html'),
  catalogue,
  translations: new StaleWhileRevalidate({ cacheName: CACHES.translations, plugins: plugins(okOnly()) }),
  'product-image': new CacheFirst({
    cacheName: CACHES.images,
    plugins: plugins(okOnly(), new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 })),
  }),
  'customer-read': new NetworkFirst({
    cacheName: CACHES.customer,
    networkTimeoutSeconds: 4,
    plugins: plugins(okOnly(), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 })),
  }),
}

// Anything not matched (POSTs, /api/auth, the sandboxes) is left to the browser and the network.
const origin = self.location.origin
const i18nOrigin = config.i18nHost ? new URL(config.i18nHost).origin : origin
for (const [kind, handler] of Object.entries(handlers))
  registerRoute(({ request, url }) => classify({ method: request.method, mode: request.mode, url, origin, i18nOrigin }) === kind, handler)

// A first visit's page came with its catalogue, and a new device keeps it only once the customer keeps something
// there (src/lib/device.ts): the worker caches the catalogue as it installs, so the app opens offline from then on.
// Offline at install, the app's own first read caches it instead.
self.addEventListener('install', (event) => {
  const request = new Request(new URL(`${config.apiBase}/v2/bootstrap`, self.location.origin), {
    headers: { Key: config.apiKey, Accept: 'application/json' },
  })
  event.waitUntil(
    catalogue.handle({ event, request }).then(
      () => undefined,
      () => undefined,
    ),
  )
})

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageMessage | undefined
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting()
  // Which build this worker is, for support and for the update test.
  if (message?.type === 'GET_VERSION') event.ports[0]?.postMessage({ build: import.meta.env.VITE_BUILD_ID })
  // One customer never sees another's data on a shared phone.
  if (message?.type === 'customer.signedOut') event.waitUntil(caches.delete(CACHES.customer).then(() => undefined))
})
