import { mkdir } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import type { ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../../server/db/types.ts'
import { paymentSandboxPrefix, paymentSandboxRoutes } from '../../../../server/sandbox/payments/sandbox.ts'
import { openTestDb, startupTimeout } from '../../helpers/testDb.ts'
import type { TestDb } from '../../helpers/testDb.ts'

const entityId = 'widget-entity'
const accessToken = 'widget-token'
const screenshotDir = fileURLToPath(new URL('../../../../test-results/screenshots/', import.meta.url))

/** A merchant page as the storefront renders it: its heading, the widget form, then the provider's script. */
const merchantPage = (checkoutId: string, { lang = 'en', locale = '' } = {}) => `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pay for order SO-000123</title>
  <style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; background: #f4f6fa; } main { background: #fff; padding: 16px; border-radius: 8px; }</style>
  <script>window.wpwlOptions = { ${locale ? `locale: '${locale}', ` : ''}onReady: function () { window.readyCalls = (window.readyCalls || 0) + 1 } }</script>
</head>
<body>
  <main>
    <h1>Insert Your Card Details</h1>
    <form action="/payment_status/${checkoutId}" class="paymentWidgets" data-brands="VISA MASTER DISCOVER"></form>
  </main>
  <script src="${paymentSandboxPrefix}/v1/paymentWidgets.js?checkoutId=${checkoutId}" async></script>
</body>
</html>`

describe('the sandbox card widget in a browser', () => {
  let t: TestDb
  // The sandbox is mounted before the database opens; it reaches the database only once requests come.
  const db: Db = {
    query: (sql, params) => t.db.query(sql, params),
    exec: (sql) => t.db.exec(sql),
    transaction: (fn) => t.db.transaction(fn),
    close: () => Promise.resolve(),
    listen: (channel, listener) => t.db.listen(channel, listener),
  }
  const sandbox = paymentSandboxRoutes({ db, entityId, accessToken })
  const app = new Hono()
    .route(paymentSandboxPrefix, sandbox)
    .get('/pay/:id', (c) => c.html(merchantPage(c.req.param('id'), { lang: c.req.query('lang'), locale: c.req.query('locale') })))
    .get('/payment_status/:id', (c) => c.html('<!doctype html><title>Result</title><h1>Payment result</h1>'))
  let server: ServerType
  let origin = ''
  let browser: Browser

  beforeAll(async () => {
    t = await openTestDb()
    server = await new Promise<ServerType>((done) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s))
    })
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  }, startupTimeout)
  afterAll(async () => {
    await browser?.close()
    await new Promise((done) => server?.close(done))
    await t?.drop()
  })

  /** The storefront server's side: create the checkout, later ask how it went. */
  const provider = (path: string, init: RequestInit = {}) =>
    sandbox.request(path, { ...init, headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/x-www-form-urlencoded' } })

  /** A checkout of R299.00 as the storefront's server creates it. */
  async function newCheckout(): Promise<string> {
    const created = await provider('/v1/checkouts', {
      method: 'POST',
      body: new URLSearchParams({ entityId, amount: '299.00', currency: 'ZAR', paymentType: 'DB', merchantTransactionId: 'SO-000123' }).toString(),
    })
    return ((await created.json()) as { id: string }).id
  }

  /** A phone-sized page that collects its script errors. */
  async function phone() {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true })
    // A page load on a busy machine (CI runs the PostgreSQL projects beside it) takes seconds; an action still fails in time to say which.
    context.setDefaultTimeout(20_000)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    return { context, page, problems }
  }

  it('validates each field, then pays with a test card and returns to the shopper result URL', async () => {
    const id = await newCheckout()
    const { context, page, problems } = await phone()
    try {
      await page.goto(`${origin}/pay/${id}`)
      const number = page.getByLabel('Card Number')
      await number.waitFor()
      expect(await page.evaluate(() => (window as unknown as { readyCalls?: number }).readyCalls)).toBe(1)
      expect(await number.getAttribute('autocomplete')).toBe('cc-number')
      expect(await page.getByLabel('Expiry Date').getAttribute('autocomplete')).toBe('cc-exp')
      expect(await page.getByLabel('Expiry Date').getAttribute('inputmode')).toBe('numeric')
      for (const brand of ['Visa', 'Mastercard', 'Discover']) await page.getByText(brand, { exact: true }).waitFor()

      // Everything empty: every field says what is wrong, and focus goes to the first.
      await page.getByRole('button', { name: 'Pay now' }).click()
      for (const message of ['Invalid card number', 'Invalid expiry date', 'Invalid CVV', 'Invalid card holder'])
        await page.getByText(message, { exact: true }).waitFor()
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number')

      await number.fill('4200 0000 0000 0001')
      await page.getByLabel('Expiry Date').fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
      await page.getByLabel('Card holder').fill('Thandi Nkosi')
      await page.getByLabel('CVV').fill('123')
      await page.getByRole('button', { name: 'Pay now' }).click()
      await page.getByText('Invalid card number', { exact: true }).waitFor()
      expect(await number.getAttribute('aria-invalid')).toBe('true')
      const errorId = (await number.getAttribute('aria-describedby'))?.split(' ').at(-1) ?? ''
      expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Invalid card number')
      expect(await page.getByText('Invalid CVV', { exact: true }).count()).toBe(0)

      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(360)
      const heights = await page.locator('.wpwl-control, .wpwl-button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(44)
      await mkdir(screenshotDir, { recursive: true })
      await page.screenshot({ path: `${screenshotDir}sandbox-card-widget-360.png`, fullPage: true, animations: 'disabled' })

      // The answer is held back a moment, so the busy button can be seen.
      await page.route('**/payment', async (route) => {
        await new Promise((done) => setTimeout(done, 300))
        await route.continue()
      })
      await number.fill('4200000000000000')
      expect(await number.getAttribute('aria-invalid')).toBeNull()
      await page.getByRole('button', { name: 'Pay now' }).click()
      const busy = page.getByRole('button', { name: 'Processing…' })
      await busy.waitFor()
      expect(await busy.isDisabled()).toBe(true)

      await page.waitForURL((url) => url.pathname === `/payment_status/${id}`)
      const landed = new URL(page.url())
      expect(landed.searchParams.get('id')).toBe(id)
      expect(landed.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${id}/payment`)
      const status = await provider(`/v1/checkouts/${id}/payment?entityId=${entityId}`)
      expect(status.status).toBe(200)
      expect(await status.json()).toMatchObject({
        paymentBrand: 'VISA',
        result: { code: '000.100.110' },
        card: { bin: '420000', last4Digits: '0000', holder: 'Thandi Nkosi' },
      })
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  }, 90_000)
  const languages = [
    {
      code: 'af',
      query: 'locale=af',
      number: 'Kaartnommer',
      expiry: 'Vervaldatum',
      holder: 'Kaarthouer',
      pay: 'Betaal nou',
      messages: ['Ongeldige kaartnommer', 'Ongeldige vervaldatum', 'Ongeldige CVV', 'Ongeldige kaarthouer'],
      bank: '3-D Secure-verifikasie',
      approve: 'Keur goed',
    },
    {
      code: 'xh',
      query: 'lang=xh',
      number: 'Inombolo yekhadi',
      expiry: 'Umhla wokuphelelwa',
      holder: 'Umnini-khadi',
      pay: 'Hlawula ngoku',
      messages: ['Inombolo yekhadi ayichanekanga', 'Umhla wokuphelelwa awuchanekanga', 'I-CVV ayichanekanga', 'Umnini-khadi akachanekanga'],
      bank: 'Uqinisekiso lwe-3-D Secure',
      approve: 'Vuma',
    },
  ] as const
  for (const lang of languages) {
    it(`speaks ${lang.code} (${lang.query.startsWith('locale') ? 'wpwlOptions.locale' : "the page's <html lang>"}), and the bank's page follows it`, async () => {
      const id = await newCheckout()
      const { context, page, problems } = await phone()
      try {
        await page.goto(`${origin}/pay/${id}?${lang.query}`)
        await page.getByLabel(lang.number).waitFor()
        await page.getByRole('button', { name: lang.pay }).click()
        for (const message of lang.messages) await page.getByText(message, { exact: true }).waitFor()
        expect(await page.getByText('Invalid card number', { exact: true }).count()).toBe(0)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
        await mkdir(screenshotDir, { recursive: true })
        await page.screenshot({ path: `${screenshotDir}sandbox-card-widget-${lang.code}-360.png`, fullPage: true, animations: 'disabled' })

        // The 3-D Secure test card: the bank's page opens in the widget's language (the page's cookie says nothing).
        await page.getByLabel(lang.number).fill('4000 0000 0000 0002')
        await page.getByLabel(lang.expiry).fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
        await page.getByLabel(lang.holder).fill('Thandi Nkosi')
        await page.getByLabel('CVV').fill('123')
        await page.getByRole('button', { name: lang.pay }).click()
        await page.getByRole('heading', { level: 1, name: lang.bank }).waitFor()
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang.code)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
        await page.screenshot({ path: `${screenshotDir}sandbox-3ds-${lang.code}-360.png`, fullPage: true, animations: 'disabled' })
        await page.getByRole('button', { name: lang.approve }).click()
        await page.waitForURL((url) => url.pathname === `/payment_status/${id}`)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    }, 90_000)
  }
})
