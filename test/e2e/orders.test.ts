import { describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { API_KEY, expectProfile, placeUnpaidOrder, signUp, uniqueEmail } from './accounts.ts'
import { addFirstProducts, cartLines, fillDeliveryAddress, openCart, openHome, readLines, storedLines } from './storefront.ts'
import { goOffline, untilOutboxSettled, watchRequests, type Watched } from './device.ts'

const session = useBrowser()

interface ServerOrder {
  id: number
  number: string
  total_price: number
  order_lines: { name: string; unit_price: number }[]
}

async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
}

/** The customer's orders as the server holds them (asked with the page's session cookie). */
async function serverOrders(page: Page): Promise<ServerOrder[]> {
  return page.evaluate(async (key) => {
    const me = await (await fetch('/api/auth/session', { headers: { Key: key } })).json()
    const reply = await fetch(`/api/v2/partner/orders/${me.user.id}`, { headers: { Key: key }, cache: 'no-store' })
    return (await reply.json()).orders
  }, API_KEY)
}

/** A signed-in customer with two products in the cart, on a page the worker controls. */
async function customerWithCart(page: Page): Promise<{ names: string[]; total: number }> {
  await signUp(page, uniqueEmail())
  await expectProfile(page)
  await controlledByWorker(page)
  await openHome(page)
  const cards = await addFirstProducts(page, 2)
  return { names: cards.map((c) => c.name), total: cards.reduce((s, c) => s + c.price, 0) }
}

const waitingText = 'Waiting for connection - it will be sent automatically'

/** Every POST of an order the context's pages and service worker make (src/api/orders.ts, sw/orderQueue.ts). */
const watchOrderPosts = (context: BrowserContext): Watched =>
  watchRequests(context, (request) => request.method() === 'POST' && /\/api\/v10\/partner\/order\/\d+$/.test(request.url()))

/**
 * The point after which no order can be sent again: no outbox row of an order waits for an answer (the outbox is one
 * IndexedDB for every tab), no tab drains, the worker's background-sync queue is empty with no sync due or running,
 * and every order POST seen has its answer.
 */
const untilOrdersSettled = (page: Page, posts: Watched) => untilOutboxSettled(page, 'order.create', posts, { workerQueue: 'orders-v1' })

describe('orders', () => {
  test('an order placed offline waits, survives a reload and is sent exactly once when back online', async () => {
    const context = await session.context()
    const posts = watchOrderPosts(context)
    const page = await session.page()
    const { names, total } = await customerWithCart(page)
    await fillDeliveryAddress(page)
    await screenshot(page, 'delivery-address-360')
    expect(await horizontalOverflow(page)).toBe(0)

    await goOffline(context, page)
    await page.getByRole('button', { name: 'create order' }).click()
    await page.waitForURL((url) => url.pathname === '/orders')
    await page.getByText(waitingText).first().waitFor()
    for (const name of names) await page.getByText(name).first().waitFor()

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
    await page.getByText(waitingText).first().waitFor()
    await screenshot(page, 'orders-waiting-360')

    await context.setOffline(false)
    await page.getByText(/Your order SO-\d+ was sent\./).waitFor({ timeout: 20_000 })
    await expect.poll(async () => (await serverOrders(page)).length, { timeout: 15_000 }).toBe(1)
    const [order] = await serverOrders(page)
    expect(order!.total_price).toBe(total)
    expect(order!.order_lines.map((l) => l.name).sort()).toEqual([...names].sort())
    await page.getByRole('cell', { name: order!.number }).or(page.getByText(order!.number)).first().waitFor()
    expect(await page.getByText(waitingText).count()).toBe(0)
    await screenshot(page, 'orders-360')

    await page.getByRole('link', { name: `View Order ${order!.number}` }).click()
    await page.getByRole('heading', { level: 1, name: `Order ${order!.number}` }).waitFor()
    await page.getByRole('link', { name: 'PAY FOR ORDER' }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'order-detail-360')
    // Nothing sent twice: once nothing is left that could send the order again, the server still holds one.
    await untilOrdersSettled(page, posts)
    expect(await serverOrders(page)).toHaveLength(1)
  })

  test('two tabs open while the queue drains: one order', async () => {
    const context = await session.context()
    const posts = watchOrderPosts(context)
    const page = await session.page()
    await customerWithCart(page)
    await fillDeliveryAddress(page)
    await goOffline(context, page)
    await page.getByRole('button', { name: 'create order' }).click()
    await page.getByText(waitingText).first().waitFor()
    const second = await session.page()
    await second.goto('/orders')
    await second.getByText(waitingText).first().waitFor()
    await context.setOffline(false)
    await expect.poll(async () => (await serverOrders(page)).length, { timeout: 20_000 }).toBe(1)
    await second
      .getByText(/^SO-\d+$/)
      .first()
      .waitFor({ timeout: 15_000 })
    await untilOrdersSettled(page, posts)
    expect(await serverOrders(page)).toHaveLength(1)
  })

  test('the server saves an order but its answer is lost: still one order after the retry', async () => {
    const context = await session.context()
    const posts = watchOrderPosts(context)
    const page = await session.page()
    await customerWithCart(page)
    await fillDeliveryAddress(page)
    let dropped = 0
    await context.route('**/api/v10/partner/order/*', async (route) => {
      if (dropped === 0) {
        dropped += 1
        await route.fetch() // the server stores the order …
        return route.abort('connectionreset') // … and the answer never arrives
      }
      return route.continue()
    })
    await page.getByRole('button', { name: 'create order' }).click()
    await page.getByText(/Your order SO-\d+ was sent\./).waitFor({ timeout: 30_000 })
    expect(dropped).toBe(1)
    await untilOrdersSettled(page, posts)
    expect(await serverOrders(page)).toHaveLength(1)
  })

  test('"Put back in cart" from a refused order brings its lines back with the friendly names the customer typed', async () => {
    const context = await session.context()
    const page = await session.page()
    const { names } = await customerWithCart(page)
    const [first, second] = names
    if (!first || !second) throw new Error('two products expected')
    await openCart(page)
    const box = page.getByRole('textbox', { name: `Friendly name for ${first}` })
    await box.fill('Gogo’s house in Gugulethu')
    await box.press('Tab')
    await expect
      .poll(async () => (await storedLines(page)).find((l) => l.name === first)?.friendlyName, { message: 'friendly name stored on the device' })
      .toBe('Gogo’s house in Gugulethu')
    await fillDeliveryAddress(page)
    // The server refuses the order (as it does an order it cannot take): the order is not retried.
    await context.route('**/api/v10/partner/order/*', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Product is not on sale.' }) }),
    )
    await page.getByRole('button', { name: 'create order' }).click()
    // The refused order's own page says so and offers to put it back.
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'))
    await page.getByText('Rejected', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Put back in cart' }).click()
    await page.waitForURL((url) => url.pathname === '/cart')
    await expect.poll(() => cartLines(page).count()).toBe(2)
    const lines = await readLines(page)
    expect(lines.find((l) => l.name === first)?.friendlyName).toBe('Gogo’s house in Gugulethu')
    expect(lines.find((l) => l.name === second)?.friendlyName, 'the other line as it was').toBe('')
    expect((await storedLines(page)).find((l) => l.name === first)?.friendlyName, 'kept on the device').toBe('Gogo’s house in Gugulethu')
    await screenshot(page, 'cart-put-back-360')
  })

  test('the orders screen lists the latest 20 orders, 8 a page, and says where the older ones are', async () => {
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    const placed = []
    for (let i = 0; i < 21; i++) placed.push(await placeUnpaidOrder(page))
    await page.goto('/orders')
    const table = page.getByRole('region', { name: 'Your orders' })
    await table.getByText('Page 1 of 3').waitFor()
    expect(await table.getByRole('row').count(), 'the header row and 8 orders').toBe(9)
    // Newest first: the first order placed is the one left out.
    await table.getByText(placed[20]!.number, { exact: true }).waitFor()
    const note = table.getByRole('paragraph').filter({ hasText: 'These are your latest 20 orders. 1 older order is on your bill, with View Order.' })
    await note.waitFor()
    await page.getByRole('button', { name: 'Last' }).click()
    await table.getByText('Page 3 of 3').waitFor()
    expect(await table.getByRole('row').count(), 'the header row and the 20th to 17th order').toBe(5)
    await table.getByText(placed[4]!.number, { exact: true }).waitFor()
    expect(await table.getByText(placed[0]!.number, { exact: true }).count()).toBe(0)
    await screenshot(page, 'orders-latest-20-360')
    await note.getByRole('link', { name: 'Billing' }).click()
    await page.waitForURL('**/billing')
    await page.getByText(placed[0]!.number, { exact: true }).first().waitFor()
  })
})
