/**
 * What a shopper does and reads on the storefront, found by role and visible text.
 */
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { parseRand } from './browser.ts'
import { deviceInUse, storeRows } from './device.ts'

export interface CardInfo {
  name: string
  price: number
  priceText: string
}

export function productHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1, name: 'Product Packages' })
}

/** Product cards: the articles of the home page that carry an "add to cart" button. */
export function productCards(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /add to cart/i }) })
}

/**
 * Waits until the app has taken over the page. A server-rendered page shows its buttons before the app's
 * script has run; React listens for input from the moment it takes the root over (it hydrates at once for a tap
 * that comes before it finished), so that is when a customer's tap counts. React marks the root element then.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'))
  })
}

/**
 * Waits for the end of the app's start on a page, the point after which starting can no longer change what it shows:
 * React has taken over every element of the page (hydration is over: one that failed would have thrown the server's
 * markup away by then; resource hints such as <link rel=preload> are not its to take), the worker registered (the
 * last of the boot work after the first paint), the selector not loading any language and the cart's badge known.
 * On a device that holds the app's data (src/lib/device.ts) the start also read it back: the language restored and
 * written back to the `lang` cookie that src/i18n/languageHint.ts keeps for a year, and the catalogue the page came
 * with in the device's read model (src/features/catalogue/useCatalogue.ts: the one change of source the home page
 * makes). A new device reads nothing back: it has no database until the customer keeps something.
 */
export async function untilStarted(page: Page): Promise<void> {
  await waitForApp(page)
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    const reacts = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))
    return root !== null && [...root.querySelectorAll('*')].every((el) => el.tagName === 'LINK' || reacts(el))
  })
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), { message: 'the worker registered' })
    .toBe(true)
  if (await deviceInUse(page)) {
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'lang')?.expires ?? -1, {
        message: 'the language restored and its cookie kept',
      })
      .toBeGreaterThan(0)
    await expect.poll(async () => (await storeRows(page, 'storefront', 'catalogueMeta')).length, { message: "the page's catalogue on the device" }).toBe(1)
  }
  await page.getByRole('banner').locator('select[name="language"][aria-busy="false"]').waitFor()
  // The cart is read back from the device: its badge counts what the device holds.
  await page.getByRole('banner').locator('a[href="/cart"][aria-busy="false"]').waitFor()
}

/** Opens the home page and waits until the product cards are there and the app runs. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/')
  await productHeading(page).waitFor()
  await productCards(page).first().waitFor()
  await waitForApp(page)
}

/** Name and price read from each product card, in page order. */
export async function readCards(page: Page): Promise<CardInfo[]> {
  const cards = productCards(page)
  const count = await cards.count()
  const out: CardInfo[] = []
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i)
    const name = ((await card.getByRole('heading').first().textContent()) ?? '').trim()
    const priceText = (
      (await card
        .getByText(/^\s*R\s*\d.*p\/m\s*$/)
        .first()
        .textContent()) ?? ''
    )
      .replace(/\s+/g, ' ')
      .trim()
    out.push({ name, price: parseRand(priceText), priceText })
  }
  return out
}

/** Presses "add to cart" on the card named `name`. */
export async function addToCart(page: Page, name: string): Promise<void> {
  await page
    .getByRole('article', { name, exact: true })
    .getByRole('button', { name: /add to cart/i })
    .click()
}

/** Adds the first `count` products of the home page to the cart and returns what was added. */
export async function addFirstProducts(page: Page, count: number): Promise<CardInfo[]> {
  const cards = (await readCards(page)).slice(0, count)
  expect(cards.length, 'products available to add').toBe(count)
  for (const card of cards) await addToCart(page, card.name)
  return cards
}

/** The header's cart link; its accessible name is "Cart" or "Cart, N items". */
export function cartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Cart\b/ })
}

/** Number of items the cart link announces (0 when it just says "Cart"). */
export async function badgeCount(page: Page): Promise<number> {
  const label = (await cartLink(page).getAttribute('aria-label')) ?? (await cartLink(page).textContent()) ?? ''
  const match = /(\d+)\s+items?/.exec(label)
  return match?.[1] ? Number(match[1]) : 0
}

/** Waits until the header cart badge announces `count` (polling, so a late change from another tab counts). */
export async function expectBadge(page: Page, count: number, timeout = 10_000): Promise<void> {
  await expect.poll(() => badgeCount(page), { timeout, message: 'cart link item count' }).toBe(count)
  // The same, read as an assistive technology does: by the link's accessible name.
  const name = count > 0 ? new RegExp(`^Cart, ${count} items?$`) : /^Cart$/
  await page.getByRole('banner').getByRole('link', { name }).waitFor({ timeout: 2_000 })
}

/**
 * Opens /cart: through the header's cart link once the app is open, as a customer does (a full load right after
 * "add to cart" would race the write still landing in IndexedDB); by address on a page that has not loaded the app.
 */
export async function openCart(page: Page): Promise<void> {
  if (page.url().startsWith('http')) await cartLink(page).click()
  else await page.goto('/cart')
  await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor()
  await waitForApp(page)
}

export function cartLines(page: Page): Locator {
  return page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
}

export function summary(page: Page): Locator {
  return page.getByRole('region', { name: 'Summary' })
}

export interface LineInfo {
  name: string
  price: number
  friendlyName: string
}

/** Each cart line's product name, price and friendly name, in page order. */
export async function readLines(page: Page): Promise<LineInfo[]> {
  const lines = cartLines(page)
  const count = await lines.count()
  const out: LineInfo[] = []
  for (let i = 0; i < count; i++) {
    const line = lines.nth(i)
    const removeLabel = (await line.getByRole('button', { name: /^Remove / }).getAttribute('aria-label')) ?? ''
    const name = removeLabel.replace(/^Remove /, '')
    const text = (await line.textContent()) ?? ''
    const friendlyName = await line.getByRole('textbox').inputValue()
    out.push({ name, price: parseRand(text.slice(text.lastIndexOf('R'))), friendlyName })
  }
  return out
}

/** "N items" as the summary reads it. */
export async function summaryItemCount(page: Page): Promise<number> {
  const text =
    (await summary(page)
      .getByText(/^\s*\d+\s+items?\s*$/)
      .textContent()) ?? ''
  return Number(/\d+/.exec(text)?.[0])
}

/** The total the summary shows next to "Total". */
export async function summaryTotal(page: Page): Promise<number> {
  const row = summary(page)
    .locator('p')
    .filter({ hasText: /^\s*Total/ })
  return parseRand((await row.textContent()) ?? '')
}

export function proceedToOrder(page: Page): Locator {
  return page.getByRole('button', { name: 'proceed to order' })
}

/**
 * The cart the device has stored (the cart projection in IndexedDB, src/store/cartProjection.ts): what a reload
 * or a later visit restores. Each line's product name and friendly name.
 */
export async function storedLines(page: Page): Promise<{ name: string; friendlyName: string }[]> {
  const rows = await storeRows<{ name: string; state: { order_lines: { name: string; product_configs: { configs: { friendly_name: string }[] } }[] } }>(
    page,
    'storefront',
    'cart',
  )
  const cart = rows.find((row) => row.name === 'cart')
  return (cart?.state.order_lines ?? []).map((line) => ({ name: line.name, friendlyName: line.product_configs.configs[0]?.friendly_name ?? '' }))
}

/**
 * The pictures inside `scope`. They are decorative (alt=""), so they have no img role to select by:
 * the tag is the only handle a person's view of the page gives.
 */
export function pictures(scope: Locator): Locator {
  return scope.locator('img')
}

/** From the cart (with `lines` lines) to a filled delivery address, the town found in the offline town list. */
export async function fillDeliveryAddress(page: Page, lines = 2): Promise<void> {
  await openCart(page)
  await expect.poll(() => cartLines(page).count()).toBe(lines)
  await proceedToOrder(page).click()
  await page.getByRole('heading', { level: 1, name: 'Delivery Address' }).waitFor()
  await page.getByLabel('Street number', { exact: true }).fill('12')
  await page.getByLabel('Street name', { exact: true }).fill('Long Street')
  // The offline town list fills city and province.
  const search = page.getByRole('combobox', { name: 'Find your town' })
  await search.fill('Stellenb')
  await page
    .getByRole('option', { name: /Stellenbosch/ })
    .first()
    .waitFor()
  await search.press('ArrowDown')
  await search.press('Enter')
  await expect.poll(() => page.getByLabel('Province', { exact: true }).inputValue()).toBe('Western Cape')
  await page.getByLabel('Postal Code', { exact: true }).fill('7600')
}
