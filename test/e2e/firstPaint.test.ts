import { describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { baseUrl, DESKTOP, MOBILE, screenshot, useBrowser } from './browser.ts'
import { deviceInUse } from './device.ts'
import {
  addFirstProducts,
  cartLink,
  expectBadge,
  type CardInfo,
  proceedToOrder,
  productCards,
  productHeading,
  readCards,
  untilStarted,
  waitForApp,
} from './storefront.ts'

const session = useBrowser()

/** A context whose pages never run the app's script: what the customer sees from the HTML alone. */
async function htmlOnly(viewport: { width: number; height: number } = MOBILE): Promise<BrowserContext> {
  return session.browser().newContext({ baseURL: baseUrl(), viewport, javaScriptEnabled: false, locale: 'en-ZA' })
}

// Installed before the page's own scripts: notes every server-rendered card React throws away (a failed
// hydration re-renders from scratch) and every loading spinner or boot placeholder shown after the first paint.
const watchHydration = `
  window.firstPaintWatch = { removedCards: 0, spinners: 0 }
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) if (node.nodeName === 'ARTICLE' || node.querySelector?.('article')) window.firstPaintWatch.removedCards++
      for (const node of record.addedNodes)
        if (node.nodeType === 1 && (node.matches('[aria-label="Loading"], #boot') || node.querySelector('[aria-label="Loading"], #boot'))) window.firstPaintWatch.spinners++
    }
  }).observe(document, { childList: true, subtree: true })
`
// Installed before the page's own scripts: notes when /first-taps.js has run (a script's load event follows its run).
const watchFirstTaps = `
  document.addEventListener('load', (event) => {
    if (event.target instanceof HTMLScriptElement && new URL(event.target.src, location.href).pathname === '/first-taps.js') window.firstTapsListening = true
  }, true)
`
/**
 * A tap on the server's cards before the app runs is kept once /first-taps.js listens: it loads async, so on a slow
 * connection (or a busy machine) the cards can be there before it is, and a tap then does nothing.
 */
async function untilFirstTapsListen(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { firstTapsListening?: boolean }).firstTapsListening === true)
}

/**
 * Holds the app's entry script back, as a slow connection does, until the returned function is called. Pages
 * are then opened with `waitUntil: 'commit'`: module scripts hold DOMContentLoaded back.
 */
async function holdAppScript(context: BrowserContext): Promise<() => void> {
  await context.addInitScript(watchFirstTaps)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Opens / and adds its first product the moment the app has the page (the cart not started yet); returns it. */
async function addFirstProductOnArrival(page: Page): Promise<CardInfo> {
  await page.goto('/')
  await waitForApp(page)
  const [first] = await readCards(page)
  await page
    .getByRole('article', { name: first!.name, exact: true })
    .getByRole('button', { name: /add to cart/i })
    .click()
  await expectBadge(page, 1)
  return first!
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { firstPaintWatch: { removedCards: number; spinners: number } }).firstPaintWatch)

describe('the first HTML', () => {
  test('/ arrives with the product cards (names, R… p/m prices, sized images) before any script runs', async () => {
    const context = await htmlOnly()
    try {
      const page = await context.newPage()
      await page.goto('/')
      expect(await productHeading(page).isVisible()).toBe(true)
      const cards = await readCards(page)
      expect(cards.length).toBeGreaterThanOrEqual(8)
      for (const card of cards) expect(card.priceText, card.name).toMatch(/^R\d+ p\/m$/)
      const images = productCards(page).locator('img')
      for (let i = 0; i < (await images.count()); i++) {
        expect(await images.nth(i).getAttribute('width')).toBe('320')
        expect(await images.nth(i).getAttribute('height')).toBe('240')
      }
      expect(await images.first().getAttribute('fetchpriority')).toBe('high')
      expect(await images.nth(2).getAttribute('loading')).toBe('lazy')
      await screenshot(page, 'first-paint-html-only-360')
    } finally {
      await context.close()
    }
  })

  test('/cart arrives with its shell: heading, the empty cart and the summary', async () => {
    const context = await htmlOnly(DESKTOP)
    try {
      const page = await context.newPage()
      await page.goto('/cart')
      await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor()
      expect(await page.getByText('your cart is empty').isVisible()).toBe(true)
      expect(await page.getByRole('region', { name: 'Summary' }).getByText('Total').isVisible()).toBe(true)
      await screenshot(page, 'first-paint-cart-html-only-1280')
    } finally {
      await context.close()
    }
  })

  test('a customer who chose Afrikaans gets the first HTML in Afrikaans (<html lang="af">)', async () => {
    const context = await htmlOnly()
    try {
      await context.addCookies([{ name: 'lang', value: 'af', url: baseUrl() }])
      const page = await context.newPage()
      await page.goto('/')
      await page.getByRole('heading', { level: 1, name: 'Produkpakkette' }).waitFor()
      expect(await page.locator('html').getAttribute('lang')).toBe('af')
      await page.goto('/cart')
      expect(await page.getByText('jou mandjie is leeg').isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })
})

describe('taking the page over', () => {
  test('the cards show while the app script is still on its way, and hydration keeps them (no flash to loading, no errors)', async () => {
    const context = await session.context()
    await context.addInitScript(watchHydration)
    const release = await holdAppScript(context)
    const page = await session.page()
    await page.goto('/', { waitUntil: 'commit' })
    await productCards(page).first().waitFor()
    expect(await productCards(page).count()).toBeGreaterThanOrEqual(8)
    release()
    // Once the app's start is over, a flash or a re-render it could cause has happened.
    await untilStarted(page)
    expect(await watched(page)).toEqual({ removedCards: 0, spinners: 0 })
    expect(session.problems.errors, 'errors in the page (a hydration mismatch is one)').toEqual([])
  })

  test('"add to cart" tapped on the server\'s cards while the app script is still loading is kept and added once the app runs', async () => {
    const release = await holdAppScript(await session.context())
    const page = await session.page()
    await page.goto('/', { waitUntil: 'commit' })
    const [first, second] = await readCards(page)
    await untilFirstTapsListen(page)
    for (const card of [first!, second!, first!])
      await page
        .getByRole('article', { name: card.name, exact: true })
        .getByRole('button', { name: /add to cart/i })
        .click()
    expect(await page.locator('#root').getAttribute('data-app'), 'the app has not taken over yet').toBeNull()
    release()
    await waitForApp(page)
    await expectBadge(page, 3)
    await cartLink(page).click()
    const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
    await lines.nth(2).waitFor()
    expect(await lines.count()).toBe(3)
    // A tap after the take-over is React's alone: one more line, not two.
    await page.goto('/')
    await waitForApp(page)
    await page
      .getByRole('article', { name: second!.name, exact: true })
      .getByRole('button', { name: /add to cart/i })
      .click()
    await expectBadge(page, 4)
    // Nothing of it was noted for a later page: a reload (which hands on any tap still kept) still holds four.
    expect(await page.evaluate(() => localStorage.getItem('first-taps'))).toBeNull()
    await page.reload()
    await waitForApp(page)
    await expectBadge(page, 4)
    expect(session.problems.errors).toEqual([])
  })

  test('taps made before the app ran survive a full navigation to /cart and a reload, each added once', async () => {
    const release = await holdAppScript(await session.context())
    const page = await session.page()
    await page.goto('/', { waitUntil: 'commit' })
    const [first, second] = await readCards(page)
    await untilFirstTapsListen(page)
    for (const card of [first!, second!])
      await page
        .getByRole('article', { name: card.name, exact: true })
        .getByRole('button', { name: /add to cart/i })
        .click()
    // The cart link before the app ran: a full page load, the taps' page is gone.
    await cartLink(page).click()
    await page.waitForURL('**/cart', { waitUntil: 'commit' })
    release()
    await waitForApp(page)
    const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
    await lines.nth(1).waitFor()
    expect(await lines.allTextContents()).toEqual([expect.stringContaining(first!.name), expect.stringContaining(second!.name)])
    await expect.poll(() => page.evaluate(() => localStorage.getItem('first-taps')), { message: 'taps forgotten once stored' }).toBeNull()
    await page.reload()
    await waitForApp(page)
    await lines.nth(1).waitFor()
    expect(await lines.count()).toBe(2)
    await screenshot(page, 'first-taps-after-navigation-360')
    expect(session.problems.errors).toEqual([])
  })

  test('a tap before the app ran, then a reload before it ran: added once when the app finally runs', async () => {
    const release = await holdAppScript(await session.context())
    const page = await session.page()
    await page.goto('/', { waitUntil: 'commit' })
    const [first] = await readCards(page)
    await untilFirstTapsListen(page)
    await page
      .getByRole('article', { name: first!.name, exact: true })
      .getByRole('button', { name: /add to cart/i })
      .click()
    await page.reload({ waitUntil: 'commit' })
    await readCards(page)
    release()
    await waitForApp(page)
    await expectBadge(page, 1)
    await page.goto('/cart')
    await waitForApp(page)
    await page.getByRole('region', { name: 'Cart lines' }).getByText(first!.name).waitFor()
    expect(await page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem').count()).toBe(1)
    expect(session.problems.errors).toEqual([])
  })

  test("a language picked in the server's selector while the app script is still loading is chosen once the app runs", async () => {
    const release = await holdAppScript(await session.context())
    const page = await session.page()
    await page.goto('/', { waitUntil: 'commit' })
    await page.getByRole('combobox', { name: 'Language' }).selectOption('af')
    release()
    await page.getByRole('heading', { level: 1, name: 'Produkpakkette' }).waitFor()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('af')
    expect(session.problems.errors).toEqual([])
  })

  test('a page rendered in Afrikaans hydrates in Afrikaans, without a flash of English or a re-render', async () => {
    const context = await session.context()
    await context.addCookies([{ name: 'lang', value: 'af', url: baseUrl() }])
    await context.addInitScript(watchHydration)
    const page = await session.page()
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: 'Produkpakkette' }).waitFor()
    // Once the app's start is over, a flash of English or a re-render it could cause has happened.
    await untilStarted(page)
    expect(await page.getByRole('heading', { level: 1, name: 'Produkpakkette' }).isVisible()).toBe(true)
    expect(await page.locator('html').getAttribute('lang')).toBe('af')
    expect(await watched(page)).toEqual({ removedCards: 0, spinners: 0 })
    expect(session.problems.errors).toEqual([])
  })

  test('"add to cart" pressed as soon as the app has the page counts, before the cart has started', async () => {
    const page = await session.page()
    const first = await addFirstProductOnArrival(page)
    await cartLink(page).click()
    await page.getByRole('region', { name: 'Cart lines' }).getByText(first.name).waitFor()
    expect(session.problems.errors).toEqual([])
  })

  test('a line confirmed by "added to cart" is in /cart after a full load at once, every time', async () => {
    const page = await session.page()
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.goto('/')
      await waitForApp(page)
      await productCards(page).first().waitFor()
      const [first] = await readCards(page)
      await page
        .getByRole('article', { name: first!.name, exact: true })
        .getByRole('button', { name: /add to cart/i })
        .click()
      await page.getByText('added to cart').first().waitFor()
      await page.goto('/cart')
      await waitForApp(page)
      const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
      await lines.nth(attempt - 1).waitFor()
      expect(await lines.count(), `try ${attempt}`).toBe(attempt)
      expect(await proceedToOrder(page).isEnabled()).toBe(true)
    }
    expect(session.problems.errors).toEqual([])
  })

  test("/cart hydrates into the customer's own cart after a full load", async () => {
    const page = await session.page()
    const first = await addFirstProductOnArrival(page)
    await page.goto('/cart')
    await waitForApp(page)
    await page.getByRole('region', { name: 'Cart lines' }).getByText(first.name).waitFor()
    expect(await page.getByText('your cart is empty').count()).toBe(0)
    expect(session.problems.errors).toEqual([])
  })
})

describe('a first visit (a new device)', () => {
  test("loads none of the device's code until the customer keeps something, and opens offline from then on", async () => {
    const context = await session.context()
    const page = await session.page()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await untilStarted(page)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
    await expectBadge(page, 0)
    // Nothing stored, none of the store's code (the device chunk: Dexie, the cart, session and outbox actors) loaded.
    expect(await deviceInUse(page)).toBe(false)
    expect(scripts.filter((path) => /\/device-[\w-]+\.js$/.test(path))).toEqual([])

    // The worker cached the catalogue as it installed: the app opens offline with it.
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => productCards(page).count()).toBeGreaterThanOrEqual(8)
    await screenshot(page, 'first-visit-offline-360')
    await context.setOffline(false)

    await addFirstProducts(page, 1)
    await page.getByText('added to cart').first().waitFor()
    await expectBadge(page, 1)
    await page.reload()
    await untilStarted(page)
    expect(await deviceInUse(page)).toBe(true)
    await expectBadge(page, 1)
    expect(session.problems.errors).toEqual([])
  })

  test('a line kept in one new tab shows in the other at once', async () => {
    const context = await session.context()
    const shopping = await session.page()
    await shopping.goto('/')
    await untilStarted(shopping)
    const watching = await context.newPage()
    await watching.goto('/')
    await untilStarted(watching)
    expect(await deviceInUse(watching)).toBe(false)

    await addFirstProducts(shopping, 1)
    await expectBadge(shopping, 1)
    await expectBadge(watching, 1)
    expect(session.problems.errors).toEqual([])
  })
})
