/**
 * Issue 20, the customer's own data (POPIA): "Download my data" saves a JSON file holding the orders and no card
 * number, and "Delete my account" ends the person while the business keeps the orders. The file starts its own
 * server (an in-memory database it reads, as chaos.test.ts does): that is how the test sees, with no admin screen,
 * that a deleted customer's orders and payments are still there, detached from anyone.
 */
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import type { RunningServer } from '../../server/server.ts'
import { startOwnServer } from './ownServer.ts'
import { DESKTOP, horizontalOverflow, MOBILE, newContext, screenshot, useBrowser, watchProblems } from './browser.ts'
import { API_KEY, expectProfile, expectToast, logIn, payByCard, placeUnpaidOrder, signUp, uniqueEmail, type Placed } from './accounts.ts'
import { storeRows } from './device.ts'
import { controlledByWorker } from './portal.ts'
import { waitForApp } from './storefront.ts'

const CARD = '4200000000000000'
const PASSWORD = 'Secret#123'

let server: RunningServer
beforeAll(async () => {
  server = await startOwnServer()
}, 120_000)
afterAll(() => server?.close())

const session = useBrowser()
const open = (viewport: { width: number; height: number }) => session.page({ viewport, baseURL: server.url })

/** A new customer, signed up through the screens, with one order paid by card and one waiting for payment. */
async function customerWithOrders(page: Page): Promise<{ email: string; paid: Placed; unpaid: Placed }> {
  const email = uniqueEmail()
  await signUp(page, email)
  await expectProfile(page)
  const paid = await placeUnpaidOrder(page)
  await payByCard(page, paid, CARD)
  return { email, paid, unpaid: await placeUnpaidOrder(page) }
}

async function switchLanguage(page: Page, name: string, to: 'EN' | 'AF'): Promise<void> {
  await waitForApp(page)
  await page.getByRole('banner').getByRole('combobox', { name }).selectOption({ label: to })
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to.toLowerCase())
}

async function keep(page: Page, name: string): Promise<void> {
  expect(await horizontalOverflow(page), `${name}: horizontal overflow`).toBe(0)
  console.log(`[e2e] ${await screenshot(page, name)}`)
}

/** The customer's order lists the service worker keeps (its per-customer cache). */
const workerCachedOrders = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    return urls.filter((url) => url.includes('/api/v2/partner/orders/'))
  })

/** Everything the device's store holds that could name the customer, as one text. */
const storedText = async (page: Page): Promise<string> =>
  JSON.stringify(
    await Promise.all(['events', 'snapshots', 'customer', 'orders', 'orderCache', 'portalCache', 'outbox'].map((s) => storeRows(page, 'storefront', s))),
  )

/** Every key anywhere in a JSON value. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : []

describe('the customer’s own data', () => {
  test('Download my data saves a dated JSON file with the orders and no card number; offline it says it needs a connection', async () => {
    const page = await open(MOBILE)
    const { email, paid, unpaid } = await customerWithOrders(page)
    const button = page.getByRole('button', { name: 'Download my data' })
    await button.scrollIntoViewIfNeeded()
    await keep(page, 'account-data-360-en')

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
    expect(download.suggestedFilename()).toMatch(/^seed-storefront-my-data-\d{4}-\d{2}-\d{2}\.json$/)
    await expectToast(page, 'Your data file is downloading.')
    const text = await readFile((await download.path())!, 'utf8')
    const file = JSON.parse(text) as { profile: { email: string }; orders: { number: string }[]; payments: { order_number: string }[] }
    expect(file.profile.email).toBe(email)
    expect(file.orders.map((o) => o.number).sort()).toEqual([paid.number, unpaid.number].sort())
    expect(file.payments.map((p) => p.order_number)).toEqual([paid.number])
    expect(text).not.toContain(CARD)
    expect(text).not.toContain('T Cardholder')
    for (const cardField of ['bin', 'lastfour', 'holder', 'expiry_month', 'expiry_year']) expect(keysOf(file)).not.toContain(cardField)

    await page.context().setOffline(true)
    await page.getByText('Downloading your data needs a connection. Try again when you are back online.').waitFor()
    expect(await button.isDisabled()).toBe(true)
    await keep(page, 'account-data-offline-360-en')
    // Deleting needs the server too: the confirmation still says what would happen, and keeps what is typed.
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByText('Deleting your account needs a connection. What you typed is kept until you are back online.').waitFor()
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
    const remove = dialog.getByRole('button', { name: 'Delete my account' })
    expect(await remove.isDisabled()).toBe(true)
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await keep(page, 'account-delete-offline-360-en')
    await page.context().setOffline(false)
    await expect.poll(() => button.isEnabled()).toBe(true)
    await expect.poll(() => remove.isEnabled()).toBe(true)
    expect(await dialog.getByLabel('Type DELETE to confirm').inputValue()).toBe('DELETE')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  test('at 1280 px in Afrikaans: the deletion says what happens, checks the password, ends every session and forgets the customer; the email signs up again and the orders stay with the business', async () => {
    const page = await open(DESKTOP)
    const { email, paid, unpaid } = await customerWithOrders(page)
    await page.getByRole('button', { name: 'Delete my account' }).waitFor()
    await keep(page, 'account-data-1280-en')
    // The orders screen read once, so the worker's customer cache holds an answer of this customer's.
    await controlledByWorker(page)
    await page.goto('/orders')
    await page.getByRole('cell', { name: paid.number, exact: true }).waitFor()
    await expect.poll(() => workerCachedOrders(page)).toHaveLength(1)
    const other = await otherDevice(email)
    for (const trace of [email, '•••••••••9086', paid.number]) expect(await storedText(page)).toContain(trace)

    await page.goto('/profile')
    await switchLanguage(page, 'Language', 'AF')
    await page.getByRole('button', { name: 'Skrap my rekening' }).click()
    const dialog = page.getByRole('dialog', { name: 'Skrap jou rekening?' })
    await dialog.getByText('Jou bestellings en betalings word gehou').waitFor()
    await keep(page, 'account-delete-dialog-1280-af')
    await page.setViewportSize(MOBILE)
    await keep(page, 'account-delete-dialog-360-af')
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await keep(page, 'account-delete-dialog-360-af-fields')
    await page.setViewportSize(DESKTOP)

    await dialog.getByRole('button', { name: 'Skrap my rekening' }).click()
    await dialog.getByText('Wagwoord is verpligtend.').waitFor()
    await dialog.getByText('Tik SKRAP presies soos gewys om te bevestig.').waitFor()
    await dialog.getByLabel('Wagwoord', { exact: true }).fill('Wrong#1234')
    await dialog.getByLabel('Tik SKRAP om te bevestig').fill('skrap')
    await dialog.getByRole('button', { name: 'Skrap my rekening' }).click()
    await dialog.getByText('Die wagwoord is nie korrek nie.').waitFor()
    await keep(page, 'account-delete-wrong-password-1280-af')

    await dialog.getByLabel('Wagwoord', { exact: true }).fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Skrap my rekening' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expectToast(page, 'Jou rekening is geskrap.')
    await keep(page, 'account-deleted-home-1280-af')

    // Every session ended: the other device is signed out too.
    expect(await other.page.evaluate(async (key) => (await fetch('/api/auth/session', { headers: { Key: key } })).status, API_KEY)).toBe(401)
    await other.context.close()

    // The device forgot the customer: nothing in its store or the worker's caches names them any more.
    const stored = await storedText(page)
    for (const trace of [email, '•••••••••9086', '9001015009086', paid.number]) expect(stored).not.toContain(trace)
    await expect.poll(() => workerCachedOrders(page), { message: "the worker's customer cache" }).toEqual([])

    // The business keeps both orders and the payment, linked to nobody.
    const orders = await server.db.query<{ order_number: string; customer_id: number | null }>(
      'select order_number, customer_id from orders where order_number = any($1) order by order_number',
      [[paid.number, unpaid.number]],
    )
    expect(orders).toEqual([paid.number, unpaid.number].sort().map((order_number) => ({ order_number, customer_id: null })))
    expect(await server.db.query('select user_id from payments where order_number = $1', [paid.number])).toEqual([{ user_id: null }])

    // The same email signs up again, as a new customer with no orders.
    await switchLanguage(page, 'Taal', 'EN')
    await signUp(page, email)
    await expectProfile(page)
    await page.goto('/orders')
    await page.getByText('You have no orders yet.').waitFor()
    await keep(page, 'account-signed-up-again-1280-en')
  })
})

/** The same customer signed in on a second device (its own browser context). */
async function otherDevice(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(session.browser(), { baseURL: server.url })
  const page = await context.newPage()
  watchProblems(page, session.problems)
  await logIn(page, email, PASSWORD)
  await expectProfile(page)
  return { context, page }
}
