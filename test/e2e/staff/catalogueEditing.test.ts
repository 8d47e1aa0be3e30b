/**
 * Issue 40's "Done means" for the catalogue: two instances on one database; the owner, in the back office of one,
 * changes a package's price and its isiXhosa speed line and gives it a new picture. Both instances serve the change
 * within five seconds without a restart; a customer browsing the other in isiXhosa sees it on their next online visit,
 * and offline after it; the order placed before keeps its price, and the audit log says what changed.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { formatRand } from '../../../src/domain/money.ts'
import type { Product } from '../../../src/domain/product.ts'
import { call, sessionCookie, signupBody } from '../../server/helpers/accounts.ts'
import { cartLine, orderBody } from '../../server/helpers/orders.ts'
import { testPicture } from '../../server/helpers/pictures.ts'
import { API_KEY } from '../accounts.ts'
import { axe } from '../axe.ts'
import { screenshot, useBrowser } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { controlledByWorker } from '../portal.ts'
import { waitForApp } from '../storefront.ts'
import { otherContext, staffPage } from './staffBrowser.ts'

let a: RunningServer
let b: RunningServer
beforeAll(async () => {
  a = await startOwnServer()
  b = await startOwnServer({ db: a.db })
}, 120_000)
afterAll(async () => {
  await b?.close()
  await a?.close()
})

const session = useBrowser()

/** The package an instance serves, by id. */
async function served(server: RunningServer, id: number): Promise<Product | undefined> {
  const res = await fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: API_KEY } })
  return ((await res.json()) as { products: Product[] }).products.find((p) => p.id === id)
}

/** A customer's order for one package at its price, placed through the API on `server`: its id and the customer's cookie. */
async function placeOrder(server: RunningServer, product: Product): Promise<{ id: number; cookie: string }> {
  const signedUp = await fetch(`${server.url}/api/v2/users`, call('POST', signupBody(), { key: API_KEY }))
  expect(signedUp.status).toBe(201)
  const cookie = sessionCookie(signedUp) ?? ''
  const { user } = (await signedUp.json()) as { user: { id: number } }
  const body = orderBody([cartLine(product.id, { name: product.name, unit_price: product.unit_price, image: product.image })])
  const placed = await fetch(`${server.url}/api/v10/partner/order/${user.id}`, {
    method: 'POST',
    headers: { Key: API_KEY, Cookie: cookie, 'Content-Type': 'application/json', 'Idempotency-Key': String(body.order.id) },
    body: JSON.stringify(body),
  })
  expect(placed.status).toBe(200)
  return { id: ((await placed.json()) as { id: number }).id, cookie }
}

/** The package's card on the home page as the customer reads it (name, plan · speed line, price). */
const cardText = async (page: Page, name: string) =>
  (
    (await page
      .getByRole('main')
      .getByRole('article', { name, exact: true })
      .innerText()
      .catch(() => '')) ?? ''
  ).replace(/\s+/g, ' ')

/** Every axe finding on the page, one line each (none expected). */
const axeFindings = async (page: Page, at: string) =>
  (await axe(page)).map((f) => `${at} ${f.rule} (${f.impact}): ${f.help} — ${f.targets.slice(0, 4).join(', ')}`)

/** The card's picture: its src, and whether the browser drew it (loaded, from the network or the worker's cache). */
const cardImage = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name, exact: true }).locator('img').first()
const cardPicture = (page: Page, name: string) => cardImage(page, name).getAttribute('src')
const cardPictureShown = (page: Page, name: string) =>
  cardImage(page, name)
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false)

describe('the back office changes the catalogue, published to every instance without a restart', () => {
  test('a price, an isiXhosa speed line and a picture, served by both instances within five seconds, seen in isiXhosa online and offline; the placed order keeps its price', async () => {
    const before = (await served(b, 1))!
    expect(before.texts?.xh).toBeDefined()
    const xhName = before.texts!.xh!.name
    const price = before.unit_price - 20
    const speed = 'Ikhawuleza ukuya kuthi ga kwi-20 Mbps'
    const order = await placeOrder(a, before)

    // The customer, on the other instance, browses in isiXhosa: one online visit, with the service worker in charge.
    const context = await session.context({ baseURL: b.url })
    const customer = await session.page({ baseURL: b.url })
    await customer.goto('/')
    await waitForApp(customer)
    await controlledByWorker(customer)
    await customer.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'XH' })
    await expect.poll(() => customer.evaluate(() => document.documentElement.lang)).toBe('xh')
    await expect.poll(() => cardText(customer, xhName)).toContain(before.texts!.xh!.speed)

    // The owner, in the back office of the first instance.
    let picture = ''
    const ownerContext = await otherContext(session, a)
    try {
      const owner = await staffPage(a, 'owner', session, { context: ownerContext })
      await owner.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click()
      await owner.getByRole('region', { name: 'Bundles', exact: true }).waitFor()
      await screenshot(owner, 'staff-catalogue')
      expect(await axeFindings(owner, 'catalogue list')).toEqual([])
      await owner.getByRole('region', { name: 'Packages', exact: true }).getByRole('link', { name: before.name, exact: true }).click()
      const form = owner.getByRole('form', { name: 'Package' })
      await form.waitFor()
      // What the customer reads in isiXhosa is what the form holds, the English nowhere in its place.
      const xh = form.getByRole('group', { name: /^isiXhosa/ })
      expect(await xh.getByLabel('Speed line').inputValue()).toBe(before.texts!.xh!.speed)
      await form.getByLabel('Price in rand, VAT included').fill(String(price))
      await xh.getByLabel('Speed line').fill(speed)
      // The picture: a photo from the owner's computer, uploaded, then named by the package once saved.
      const photo = await testPicture(1200, 900, 'image/jpeg')
      await form.getByLabel('Picture').setInputFiles({ name: 'fibre.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo) })
      await form.getByText('The picture is uploaded. Save to use it.').waitFor()
      const image = (await form.getByRole('img', { name: 'The current picture' }).getAttribute('src')) ?? ''
      expect(image).toMatch(/^\/images\/catalogue\/[0-9a-f]{32}-320\.jpg$/)
      await screenshot(owner, 'staff-catalogue-package')
      expect(await axeFindings(owner, 'package form')).toEqual([])
      await form.getByRole('button', { name: 'Save the package' }).click()
      await owner.getByText(/is saved: the shop shows it within seconds/).waitFor()
      const savedAt = performance.now()

      for (const server of [a, b])
        await expect
          .poll(
            async () => {
              const now = await served(server, 1)
              return { price: now?.unit_price, speed: now?.texts?.xh?.speed, image: now?.image }
            },
            { timeout: 5_000, interval: 100 },
          )
          .toEqual({ price, speed, image })
      const servedAfter = performance.now() - savedAt
      console.log(`[e2e] the back office's change was served by both instances ${Math.round(servedAfter)} ms after the save was confirmed`)
      expect(servedAfter).toBeLessThan(5_000)
      // Each instance serves the picture from the one database, cached for a year under its content hash.
      for (const server of [a, b]) {
        const res = await fetch(`${server.url}${image}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('image/jpeg')
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        await res.body?.cancel()
      }
      picture = image

      const [audited] = await a.db.query<{ summary: { changes: string[] } }>(
        `select summary from audit_log where action = 'catalogue.package.update' and target_id = '1' order by id desc limit 1`,
      )
      expect(audited?.summary.changes).toEqual(
        expect.arrayContaining([
          `price ${formatRand(before.unit_price, 'en')} → ${formatRand(price, 'en')}`,
          `texts.xh.speed ${JSON.stringify(before.texts!.xh!.speed)} → ${JSON.stringify(speed)}`,
        ]),
      )
    } finally {
      await ownerContext.close()
    }

    // The customer's next online visit shows it in isiXhosa.
    await customer.reload()
    await waitForApp(customer)
    await expect.poll(() => cardText(customer, xhName)).toContain(speed)
    expect(await cardText(customer, xhName)).toContain(formatRand(price, 'xh'))
    await expect.poll(() => cardPictureShown(customer, xhName)).toBe(true)
    expect(await cardPicture(customer, xhName)).toBe(picture)
    await screenshot(customer, 'home-xh-catalogue-changed-360')

    // Offline, the phone keeps the catalogue of that visit.
    await context.setOffline(true)
    await customer.goto('/')
    await expect.poll(() => cardText(customer, xhName)).toContain(speed)
    expect(await cardText(customer, xhName)).toContain(formatRand(price, 'xh'))
    await expect.poll(() => cardPictureShown(customer, xhName)).toBe(true)
    await screenshot(customer, 'home-xh-catalogue-changed-offline-360')
    await context.setOffline(false)

    // The order placed before the change keeps the price it was placed at.
    const read = await fetch(`${a.url}/api/v2/partner/order/${order.id}`, { headers: { Key: API_KEY, Cookie: order.cookie } })
    const kept = (await read.json()) as { order_lines: { unit_price: number }[] }
    expect(kept.order_lines.map((line) => line.unit_price)).toEqual([before.unit_price])
  })
})
