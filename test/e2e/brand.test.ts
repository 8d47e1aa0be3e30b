import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { loadConfig } from '../../server/config.ts'
import { readMailbox } from '../../server/mail/sandboxMailbox.ts'
import type { RunningServer } from '../../server/server.ts'
import { brandIconFile } from '../server/helpers/productionEnv.ts'
import { expectProfile, payByCard, placeUnpaidOrder, signUp, uniqueEmail } from './accounts.ts'
import { newContext, screenshot, useBrowser, watchProblems } from './browser.ts'
import { startOwnServer } from './ownServer.ts'
import { productCards, waitForApp } from './storefront.ts'

const CARD = '4200000000000000'

/** A reseller's brand as its settings give it, with the seller its invoices name. */
const acme = loadConfig({
  SHOP_NAME: 'Acme Mobile',
  SHOP_SHORT_NAME: 'Acme',
  SHOP_THEME_COLOUR: '#b3261e',
  SHOP_ICON: brandIconFile,
  SHOP_FOOTER: 'Acme Holdings',
  SUPPORT_PHONE: '+27 21 555 0100',
  MAIL_SIGNATURE: 'Acme Mobile (Pty) Ltd',
})
const settings = { brand: acme.brand, mail: acme.mail, seller: acme.seller, googlePay: acme.googlePay }

/** Everything of the page a customer may see or hear: its markup (head included) and title. */
const shown = (page: Page) => page.evaluate(() => `${document.title}\n${document.documentElement.outerHTML}`)

const session = useBrowser()

describe('a shop with its own brand', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startOwnServer(settings)
  }, 120_000)
  afterAll(() => server?.close())

  test('carries it in the title, manifest, header, footer, buttons and a receipt mail, and nowhere says "Seed"', async () => {
    const page = await session.page({ baseURL: server.url })
    await page.goto('/')
    await productCards(page).first().waitFor()
    await waitForApp(page)
    expect(await page.title()).toBe('Product Packages · Acme Mobile')
    const home = page.getByRole('banner').getByRole('link', { name: 'Acme Mobile home' })
    // Phones narrower than 400 px show the logo alone; the short name is there for wider screens.
    expect((await home.textContent())?.trim()).toBe('Acme')
    expect(await home.getByRole('img').or(home.locator('img')).first().getAttribute('src')).toBe('/favicon.svg')
    const footer = page.getByRole('contentinfo')
    await footer.getByText(`© ${new Date().getFullYear()} Acme Holdings. All rights reserved.`).waitFor()
    expect(await footer.getByRole('link', { name: '+27 21 555 0100' }).getAttribute('href')).toBe('tel:+27215550100')
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#b3261e')
    const manifest = await page.request.get((await page.locator('link[rel="manifest"]').getAttribute('href')) ?? '')
    expect(await manifest.json()).toMatchObject({ name: 'Acme Mobile', short_name: 'Acme', theme_color: '#b3261e' })
    const icon = await page.request.get('/icons/icon-192.png')
    expect(icon.headers()['content-type']).toBe('image/png')
    expect((await page.request.get('/favicon.svg')).ok()).toBe(true)
    await screenshot(page, 'brand-home-360')

    // The customer's pages, as a visitor and signed in: none names the demo shop, in what shows or in the markup.
    const pages: Record<string, string> = {}
    for (const path of ['/', '/cart', '/login', '/signup', '/forgot_password']) {
      await page.goto(path)
      await waitForApp(page)
      pages[path] = await shown(page)
    }
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
    await page.goto('/login')
    expect(await signIn.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(179, 38, 30)')
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    expect(await page.title()).toMatch(/ · Acme Mobile$/)
    const order = await placeUnpaidOrder(page)
    await payByCard(page, order, CARD)
    for (const path of ['/profile', '/services', '/orders', `/orders/${order.id}`, `/orders/${order.id}/invoice`, '/billing', '/support']) {
      await page.goto(path)
      await waitForApp(page)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      pages[path] = await shown(page)
    }
    for (const [path, markup] of Object.entries(pages)) {
      expect(markup, path).toContain('Acme Mobile')
      expect(markup, path).not.toMatch(/\bSeed\b/)
    }

    // The mails the customer got: the sign-up confirmation and the receipt.
    await expect
      .poll(async () => (await readMailbox(server.db, email)).map((m) => m.template).sort(), { timeout: 20_000 })
      .toEqual(['receipt', 'signupConfirm'])
    for (const mail of await readMailbox(server.db, email)) {
      expect(mail.from, mail.template).toBe('Acme Mobile <no-reply@storefront.co.za>')
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part, mail.template).not.toMatch(/\bSeed\b/)
      }
      expect(mail.text, mail.template).toContain('The Acme Mobile team\nAcme Mobile (Pty) Ltd\nCall us on +27 21 555 0100')
    }
    const receipt = (await readMailbox(server.db, email)).find((m) => m.template === 'receipt')
    expect(receipt?.subject).toContain('Acme Mobile')
  }, 120_000)
})

describe('an installed app whose shop changed its brand', () => {
  test('shows the new brand after its next online visit, offline too', async () => {
    const before = await startOwnServer()
    const context = await newContext(session.browser())
    let after: RunningServer | undefined
    try {
      const page = await context.newPage()
      watchProblems(page, session.problems)
      await page.goto(`${before.url}/`)
      await productCards(page).first().waitFor()
      await waitForApp(page)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      await expect.poll(() => page.title()).toBe('Product Packages · Seed Storefront')
      await before.close()
      // The same origin, now with the reseller's brand (a restart with new settings).
      after = await startOwnServer({ ...settings, port: before.port })
      await page.goto(`${after.url}/cart`)
      await waitForApp(page)
      // The page opened from the precache; the worker the changed /sw.js brought fetched the brand's files meanwhile.
      const banner = page.getByRole('status').filter({ hasText: 'A new version is available' })
      await banner.waitFor({ timeout: 30_000 })
      await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), banner.getByRole('button', { name: 'Reload' }).click()])
      await waitForApp(page)
      await expect.poll(() => page.title()).toBe('Cart · Acme Mobile')
      await context.setOffline(true)
      await page.goto(`${after.url}/`)
      await productCards(page).first().waitFor()
      await expect.poll(() => page.title()).toBe('Product Packages · Acme Mobile')
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#b3261e')
      const manifest = await page.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '')).json())
      expect(manifest).toMatchObject({ name: 'Acme Mobile', short_name: 'Acme' })
      expect(await page.getByRole('banner').getByRole('link', { name: 'Acme Mobile home' }).textContent()).toContain('Acme')
    } finally {
      await context.close()
      await after?.close()
      await before.close()
    }
  }, 180_000)
})
