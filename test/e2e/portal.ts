/**
 * The demo customer of the seed and what the server holds for them (services and billing), read with the
 * page's own session so the test compares the screens with the truth instead of copying the seed's numbers.
 */
import type { Page } from 'playwright-core'
import type { BillCycle } from '../../src/domain/billing.ts'
import type { Product } from '../../src/domain/product.ts'
import type { Service } from '../../src/domain/service.ts'
import { API_KEY, logIn } from './accounts.ts'

export const DEMO = { email: 'demo@storefront.co.za', password: 'Demo#2026', name: 'Lindiwe Dlamini' } as const

/** Service status codes as the screens word them (the truth, not "always active"). */
export const STATUS_TEXT: Record<number, string> = { 0: 'Active', 400: 'Suspended', 500: 'Suspended', 900: 'Cancelled' }

export async function signInAsDemo(page: Page): Promise<void> {
  await logIn(page, DEMO.email, DEMO.password)
  await page.waitForURL((url) => url.pathname === '/profile')
  await page.getByRole('heading', { level: 1, name: `Welcome ${DEMO.name}` }).waitFor()
}

export interface PortalTruth {
  customerId: number
  services: Service[]
  bills: BillCycle[]
  products: Product[]
}

/** The signed-in customer's services, bill cycles and the catalogue, straight from the server. */
export async function portalTruth(page: Page): Promise<PortalTruth> {
  return page.evaluate(async (key) => {
    const get = async (path: string) => (await fetch(path, { headers: { Key: key }, cache: 'no-store' })).json()
    const me = await get('/api/auth/session')
    const id = me.user.id as number
    const [services, billing, bootstrap] = await Promise.all([
      get(`/api/v8/partner/services/${id}`),
      get(`/api/v4/partner/billing/info/3/${id}/`),
      get('/api/v2/bootstrap'),
    ])
    return { customerId: id, services: services.services, bills: billing.bill_cycles.account_level, products: bootstrap.products }
  }, API_KEY)
}

export async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
}

/** Rows of the device's portal cache (IndexedDB), by customer id. */
export async function cachedPortalCustomers(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('storefront')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('portalCache')) return resolve([])
          const all = db.transaction('portalCache').objectStore('portalCache').getAll()
          all.onsuccess = () => resolve((all.result as { customerId: number }[]).map((r) => r.customerId))
          all.onerror = () => reject(all.error)
        }
      }),
  )
}

/** Portal answers the service worker keeps in its per-customer cache. */
export async function workerCachedPortalUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    return urls.filter((url) => /\/api\/v8\/partner\/services\/|\/api\/v4\/partner\/billing\//.test(url))
  })
}
