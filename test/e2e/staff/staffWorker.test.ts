import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { DESKTOP, useBrowser } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { controlledByWorker } from '../portal.ts'
import { openHome } from '../storefront.ts'
import { staffOrigin, staffPage } from './staffBrowser.ts'

const session = useBrowser()
let server: RunningServer

beforeAll(async () => {
  server = await startOwnServer()
})
afterAll(async () => {
  await server?.close()
})

/** Every URL any cache of this origin holds (the worker's precache and runtime caches alike). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname)
    return paths
  })

describe("the customer's service worker and the staff app", () => {
  it('never serves or keeps /staff or /api/staff, online or offline', async () => {
    const context = await session.context({ baseURL: staffOrigin(server), viewport: DESKTOP })
    // The storefront first, so its worker is installed and controls every page of the origin.
    const shop = await context.newPage()
    await openHome(shop)
    await controlledByWorker(shop)
    expect((await cachedPaths(shop)).length).toBeGreaterThan(10)

    // A member signs in and opens the staff app's screens, each asking the staff API.
    const staff = await staffPage(server, 'owner', session, { context })
    await controlledByWorker(staff)
    const fromWorker: string[] = []
    staff.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (/^\/(api\/)?staff(\/|$)|^\/assets\/staff\//.test(path) && response.fromServiceWorker()) fromWorker.push(path)
    })
    for (const path of ['/staff/team', '/staff/audit', '/staff']) {
      const answer = await staff.goto(path)
      expect(answer?.fromServiceWorker(), path).toBe(false)
      expect(answer?.headers()['cache-control'], path).toBe('no-store')
      await staff.getByRole('navigation', { name: 'Back office' }).waitFor()
    }
    const me = await staff.evaluate(async () => (await fetch('/api/staff/me')).status)
    expect(me).toBe(200)
    expect(fromWorker).toEqual([])

    // No cache holds anything of the staff app or its API.
    const kept = await cachedPaths(shop)
    expect(kept.filter((path) => /^\/(api\/)?staff(\/|$)|^\/assets\/staff\//.test(path))).toEqual([])

    // Offline, the worker answers the storefront from its caches but never the staff app.
    await context.setOffline(true)
    try {
      const offline = await staff.goto('/staff').then(
        (answer) => answer?.status() ?? 0,
        () => 'no answer',
      )
      expect(offline).toBe('no answer')
      const api = await shop.evaluate(() =>
        fetch('/api/staff/me').then(
          (answer) => answer.status,
          () => 'no answer',
        ),
      )
      expect(api).toBe('no answer')
      // The storefront itself still opens offline, from the same worker.
      const home = await shop.goto('/')
      expect(home?.fromServiceWorker()).toBe(true)
    } finally {
      await context.setOffline(false)
    }
  })
})
