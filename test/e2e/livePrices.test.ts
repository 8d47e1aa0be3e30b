/**
 * Issue 40, published without a restart: two instances on one database, a price changed with catalogueChanged(tx) as
 * an import or the back office does it. Both serve it within five seconds, the phone shows it on its next online visit
 * and keeps it offline, and the cart line added at the old price says what changed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { catalogueChanged } from '../../server/catalogue/catalogueChanged.ts'
import type { RunningServer } from '../../server/server.ts'
import { formatRand } from '../../src/domain/money.ts'
import { API_KEY, expectProfile, signUp, uniqueEmail } from './accounts.ts'
import { screenshot, useBrowser } from './browser.ts'
import { startOwnServer } from './ownServer.ts'
import { goOffline } from './device.ts'
import { controlledByWorker } from './portal.ts'
import { addFirstProducts, cartLines, expectBadge, fillDeliveryAddress, openCart, openHome, readCards, summaryTotal } from './storefront.ts'

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

/** Sets a product's price as an import or the back office does: in one transaction that says the catalogue changed. */
async function setPrice(server: RunningServer, id: number, price: number): Promise<void> {
  await server.db.transaction(async (tx) => {
    await tx.query('update products set unit_price = $2 where id = $1', [id, price])
    await catalogueChanged(tx)
  })
}

/** The price an instance serves for a product, by name. */
async function servedPrice(server: RunningServer, name: string): Promise<{ id: number; unit_price: number } | undefined> {
  const res = await fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: API_KEY } })
  const { products } = (await res.json()) as { products: { id: number; name: string; unit_price: number }[] }
  return products.find((p) => p.name === name)
}

describe('a price change, published without a restart', () => {
  test('reaches both instances within five seconds and the phone on its next online visit, which keeps it offline; the cart line says what changed', async () => {
    const context = await session.context({ baseURL: a.url })
    const page = await session.page({ baseURL: a.url })
    await openHome(page)
    await controlledByWorker(page)
    const [added] = await addFirstProducts(page, 1)
    await expectBadge(page, 1)
    const product = await servedPrice(a, added!.name)
    const price = product!.unit_price + 20

    await setPrice(a, product!.id, price)
    for (const server of [a, b]) await expect.poll(async () => (await servedPrice(server, added!.name))?.unit_price, { timeout: 5_000 }).toBe(price)

    // The next online visit shows the new price, and the cart line added at the old one says so; the total is the new one.
    await page.reload()
    await expect.poll(async () => (await readCards(page)).find((card) => card.name === added!.name)?.price).toBe(price)
    await openCart(page)
    await cartLines(page)
      .first()
      .getByText(`The price changed from ${formatRand(added!.price, 'en')} to ${formatRand(price, 'en')} since you added this.`)
      .waitFor()
    expect(await summaryTotal(page)).toBe(price)
    await screenshot(page, 'cart-price-changed-360')

    // Offline, the phone keeps the catalogue of that visit.
    await context.setOffline(true)
    await page.goto('/')
    await expect.poll(async () => (await readCards(page)).find((card) => card.name === added!.name)?.price).toBe(price)
    await screenshot(page, 'home-changed-price-offline-360')
  })

  test('an order queued offline and sent after a price change is placed at the new price, and the customer is told before paying', async () => {
    const context = await session.context({ baseURL: a.url })
    const page = await session.page({ baseURL: a.url })
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await controlledByWorker(page)
    await openHome(page)
    const [added] = await addFirstProducts(page, 1)
    await fillDeliveryAddress(page, 1)

    await goOffline(context, page)
    await page.getByRole('button', { name: 'create order' }).click()
    await page.waitForURL((url) => url.pathname === '/orders')
    const product = await servedPrice(a, added!.name)
    const price = product!.unit_price - 10
    await setPrice(a, product!.id, price)

    await context.setOffline(false)
    const was = formatRand(added!.price, 'en')
    const now = formatRand(price, 'en')
    await page.getByText(`was sent. Its price changed from ${was} to ${now} since you ordered: check it before you pay.`).waitFor({ timeout: 20_000 })
    const notice = `The price changed after you ordered: ${was} then, ${now} now. Nothing has been paid; pay the new total only if you still want the order.`
    await page
      .getByRole('link', { name: /^View Order SO-/ })
      .first()
      .click()
    await page.getByRole('status').filter({ hasText: notice }).waitFor()
    await screenshot(page, 'order-price-changed-360')
    await page.getByRole('link', { name: 'PAY FOR ORDER' }).click()
    // The order page shows the same notice: only the payment page's own counts.
    await page.waitForURL((url) => url.pathname.startsWith('/payment/'))
    const toPay = page.getByRole('region', { name: 'Order to pay' })
    await toPay.getByRole('status').filter({ hasText: notice }).waitFor()
    await toPay.getByRole('definition').filter({ hasText: now }).waitFor()
    await setPrice(a, product!.id, product!.unit_price)
  })
})
