/**
 * Moving around the storefront and reading what it shows, for the chaos test: by role and visible text,
 * through the header's links once the app runs, as a customer does. The device's own store (IndexedDB) is read
 * only to know when a screen has caught up with it, never instead of the screen.
 */
import type { Page } from 'playwright-core'
import { parseRand } from '../browser.ts'
import { cartLines, cartLink, productCards, productHeading, summary, waitForApp } from '../storefront.ts'
import type { DeviceMessages, DeviceOrders, ObservedLine } from './model.ts'
import { sleep, within } from './wait.ts'

export const TEXT = {
  added: 'added to cart',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out successfully!',
  empty: 'your cart is empty',
  waitingOrder: 'Order waiting to be sent',
  refusedOrder: 'Order not accepted',
  noOrders: 'You have no orders yet.',
  thanks: /^Thank you\. Your reference is (SUP-[A-Z2-7]{8})/,
} as const

/** Errors of a navigation cancelled by another one (the app moving on after a press, a reload it made itself). */
const CANCELLED_NAVIGATION = /interrupted by another navigation|ERR_ABORTED|frame was detached|Not attached to an active page/i

/**
 * A full load of `path` (null: reload), as a customer's address bar or reload button makes it. A navigation the app
 * started itself may cancel the test's: then the customer's load is made again, at most twice more.
 */
export async function fullLoad(page: Page, path: string | null, waitUntil: 'commit' | 'domcontentloaded' | 'load' = 'domcontentloaded'): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (path === null && attempt === 1) await page.reload({ waitUntil })
      else await page.goto(path ?? new URL(page.url()).pathname, { waitUntil })
      return
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (attempt === 3 || !CANCELLED_NAVIGATION.test(message)) throw error
    }
  }
}

/** The header's language selector, whatever language it speaks now. */
/** Tabs Chromium would not close while their page still ran (see closeTab), over the whole run. */
export const unclosedTabs = { leftOpen: 0 }

/**
 * Closes a tab as a customer does. Chromium 150 may leave a close unanswered when it comes while the tab is still
 * navigating (Playwright's page.close() never settles, and ending the renderer does not help). After two asks the
 * page is checked: a page that no longer answers is stuck in the app (a defect, reported); one that answers is left
 * open, as a tab the customer left behind, and counted: the app must be right with any number of tabs open.
 */
export async function closeTab(page: Page): Promise<void> {
  for (let asked = 0; asked < 2 && !page.isClosed(); asked++) {
    const closing = page.close()
    closing.catch(() => undefined)
    await Promise.race([closing, sleep(5_000)])
  }
  if (page.isClosed()) return
  // Asked over DevTools, not page.evaluate, which would wait for a navigation under way to give it a document.
  const devtools = await page.context().newCDPSession(page)
  const answer = devtools.send('Runtime.evaluate', { expression: '1' }).then(
    () => true,
    () => true,
  )
  const answers = await Promise.race([answer, sleep(3_000).then(() => false)])
  if (!answers) throw new Error('the tab did not close and its page does not answer: the app may be stuck in a loop')
  unclosedTabs.leftOpen += 1
}

export function languageSelect(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: /^(Language|Taal|Ulwimi)$/ })
}

export async function htmlLang(page: Page): Promise<string> {
  return within(
    page.evaluate(() => document.documentElement.lang),
    5_000,
    'reading <html lang>',
  )
}

/**
 * Closes the toasts: on a phone they sit over the header (its cart link, the account menu), and a tap on the
 * header would wait up to 4 s for them to go.
 */
export async function dismissToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole('button', { name: 'Dismiss', exact: true }).all()) await button.click({ timeout: 1_000 }).catch(() => undefined)
}

export async function goHome(page: Page): Promise<void> {
  await dismissToasts(page)
  if (new URL(page.url()).pathname !== '/') await page.getByRole('banner').getByRole('link', { name: 'Seed Storefront home' }).click()
  await productHeading(page).waitFor()
  await productCards(page).first().waitFor()
}

export async function goCart(page: Page): Promise<void> {
  await dismissToasts(page)
  if (new URL(page.url()).pathname !== '/cart') await cartLink(page).click()
  await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor()
}

export async function goOrders(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/orders') {
    await dismissToasts(page)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Orders' }).click()
  }
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
  await page.getByRole('region', { name: 'Your orders' }).waitFor()
}

export async function goSupport(page: Page): Promise<void> {
  await dismissToasts(page)
  if (new URL(page.url()).pathname !== '/support')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
  await page.getByRole('button', { name: 'Submit' }).waitFor()
}

/**
 * Whether the app counts the customer as signed in, once it knows: the address bar is set to the guarded /support
 * inside the app (no reload), whose guard waits for the session check, then shows the page or sends a visitor home.
 */
export async function probeSession(page: Page): Promise<boolean> {
  await within(
    page.evaluate(() => {
      history.pushState(history.state, '', '/support')
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    }),
    5_000,
    'setting the address to /support',
  )
  const support = page.getByRole('button', { name: 'Submit' })
  await support.or(productHeading(page)).first().waitFor({ timeout: 15_000 })
  if (!(await support.isVisible())) return false
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
  return true
}

/** The cart's lines as the cart screen shows them, and the total its summary shows. */
export async function readCart(page: Page): Promise<{ lines: ObservedLine[]; total: number }> {
  const rows = cartLines(page)
  const count = await rows.count()
  const lines: ObservedLine[] = []
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i)
    const remove = (await row.getByRole('button', { name: /^Remove / }).getAttribute('aria-label')) ?? ''
    lines.push({ product: remove.replace(/^Remove /, ''), name: await row.getByRole('textbox').inputValue() })
  }
  const totalText =
    (await summary(page)
      .locator('p')
      .filter({ hasText: /^\s*Total/ })
      .textContent()) ?? ''
  return { lines, total: parseRand(totalText) }
}

/** Rows of one object store of the app's IndexedDB database ([] before the app created it). */
export async function storedRows<T>(page: Page, store: string): Promise<T[]> {
  return within(readRows<T>(page, store), 5_000, `reading ${store} from IndexedDB`)
}

function readRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('storefront')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(name)) {
            db.close()
            return resolve([])
          }
          const all = db.transaction(name).objectStore(name).getAll()
          all.onsuccess = () => {
            db.close()
            resolve(all.result as T[])
          }
          all.onerror = () => reject(all.error)
        }
      }),
    store,
  )
}

interface StoredLine {
  name: string
  product_configs: { configs: { friendly_name: string }[] }
}

/** The cart the device holds (its projection row), to know when the cart screen has loaded it. */
export async function storedCart(page: Page): Promise<ObservedLine[]> {
  const rows = await storedRows<{ state?: { order_lines?: StoredLine[] } }>(page, 'cart')
  const lines = rows[0]?.state?.order_lines ?? []
  return lines.map((l) => ({ product: l.name, name: l.product_configs.configs[0]?.friendly_name ?? '' }))
}

/** Lines (product names) of each order the device holds as waiting for this customer. */
export async function storedWaitingOrders(page: Page, customerId: number): Promise<string[][]> {
  const rows = await storedRows<{ state?: { orders?: { customerId: number; state: string; lines: { name: string }[] }[] } }>(page, 'orders')
  return (rows[0]?.state?.orders ?? []).filter((o) => o.customerId === customerId && o.state === 'waiting').map((o) => o.lines.map((l) => l.name))
}

/** Support messages of this customer the device still has to send. */
export async function storedOpenMessages(page: Page, customerId: number): Promise<number> {
  const rows = await storedRows<{ kind: string; status: string; customerId?: number }>(page, 'outbox')
  return rows.filter((r) => r.kind === 'support.message' && r.customerId === customerId && !['acknowledged', 'rejected'].includes(r.status)).length
}

/** What the orders screen shows: waiting cards (their lines), refused cards, and every order number of the table. */
export async function readOrders(page: Page): Promise<DeviceOrders> {
  const main = page.getByRole('main')
  const waiting: string[][] = []
  const cards = main.getByRole('region', { name: TEXT.waitingOrder, exact: true })
  for (let i = 0, n = await cards.count(); i < n; i++) {
    const items = cards.nth(i).getByRole('listitem')
    const names: string[] = []
    for (let j = 0, m = await items.count(); j < m; j++) names.push(((await items.nth(j).locator('span').first().textContent()) ?? '').trim())
    waiting.push(names)
  }
  const rejected = await main.getByRole('region', { name: TEXT.refusedOrder, exact: true }).count()
  const numbers: string[] = []
  const table = main.getByRole('region', { name: 'Your orders' })
  if ((await table.getByRole('table').count()) > 0) {
    // 8 per page; the pager's "First" brings the first page back after reading.
    for (let pageNo = 0; pageNo < 50; pageNo++) {
      for (const cell of await table.locator('tbody td[data-label="Order Number"]').allTextContents()) if (/^SO-/.test(cell.trim())) numbers.push(cell.trim())
      const next = table.getByRole('button', { name: 'Next' })
      if (!(await next.isEnabled())) break
      const before = await table.getByText(/^Page \d+ of \d+$/).textContent()
      await next.click()
      await table
        .getByText(/^Page \d+ of \d+$/)
        .filter({ hasNotText: before ?? '' })
        .waitFor()
    }
    const first = table.getByRole('button', { name: 'First' })
    if (await first.isEnabled()) await first.click()
  }
  const note = table.getByText(/older orders? (is|are) on your bill/)
  const olderText = (await note.count()) > 0 ? ((await note.first().textContent()) ?? '') : ''
  const older = Number(/(\d+) older/.exec(olderText)?.[1] ?? 0)
  return { waiting, rejected, numbers, older }
}

/** What the support page shows: messages still to be sent (with the tag their excerpt carries) and refused ones. */
export async function readMessages(page: Page, tagPattern: RegExp): Promise<DeviceMessages> {
  const items = page.locator('#support-status li')
  const open: (string | null)[] = []
  let rejected = 0
  for (let i = 0, n = await items.count(); i < n; i++) {
    const state = await items.nth(i).getAttribute('data-state')
    if (state === 'rejected') rejected++
    if (state !== 'sending' && state !== 'pending') continue
    const text = (await items.nth(i).textContent()) ?? ''
    open.push(tagPattern.exec(text)?.[0] ?? null)
  }
  return { open, rejected }
}

export { waitForApp }
