import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser } from './browser.ts'
import { addFirstProducts, expectBadge, openCart, openHome, proceedToOrder } from './storefront.ts'

const session = useBrowser()

/**
 * Records, from the first byte of the page, each path at which a loading spinner (role status, named
 * "Loading") was in the document, so a spinner that shows for a few frames is not missed.
 */
const RECORD_SPINNER = `
  window.__spinnerPaths = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[role="status"]'))
      if ((el.getAttribute('aria-label') || el.textContent || '').trim() === 'Loading' && !window.__spinnerPaths.includes(location.pathname))
        window.__spinnerPaths.push(location.pathname);
  }).observe(document, { childList: true, subtree: true });
`

describe('visitors who are not signed in', () => {
  test('"proceed to order" while logged out goes to /login', async () => {
    const page = await session.page()
    await openHome(page)
    await addFirstProducts(page, 1)
    await expectBadge(page, 1)
    await openCart(page)

    await proceedToOrder(page).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText('Sign in to continue').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
  })

  for (const route of ['/profile', '/orders']) {
    test(`opening ${route} while logged out shows a spinner and then goes to /`, async () => {
      const context = await session.context()
      await context.addInitScript(RECORD_SPINNER)
      // The profile lookup of a remembered visitor is held back until the guard's spinner showed at the guarded path
      // (at most 10 s: without a spinner the check below fails), so the guard's wait is observable.
      await context.addInitScript(() => localStorage.setItem('email', 'nobody@example.co.za'))
      let page: Page | undefined
      await context.route('**/api/v8/partner/detailed_customer_profile/**', async (held) => {
        await page
          ?.waitForFunction((path) => (window as unknown as { __spinnerPaths?: string[] }).__spinnerPaths?.includes(path), route, { timeout: 10_000 })
          .catch(() => undefined)
        await held.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not found"}' })
      })
      page = await session.page()

      await page.goto(route)
      await page.waitForURL((url) => url.pathname === '/')
      await page.getByRole('heading', { name: 'Product Packages' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/')
      // The home page has its own loading spinner: only one shown while the guarded path was current counts.
      const spinnerPaths = await page.evaluate(() => (window as unknown as { __spinnerPaths: string[] }).__spinnerPaths)
      expect(spinnerPaths, 'paths at which a "Loading" spinner was shown').toContain(route)
    })
  }
})
