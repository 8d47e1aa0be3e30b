import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { Page } from 'playwright-core'
import type { RunningServer } from '../../server/server.ts'
import { clientSettingsFromHtml } from '../../src/domain/clientSettings.ts'
import { newContext, useBrowser, watchProblems } from './browser.ts'
import { expectProfile, placeUnpaidOrder, signUp, uniqueEmail } from './accounts.ts'
import { startOwnServer } from './ownServer.ts'
import { productCards, waitForApp } from './storefront.ts'

const session = useBrowser()

/** Every file of the build by path, with the SHA-256 of its bytes. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[path.slice(dir.length)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex')
  }
  return files
}

/** A host of its own for the translations (I18N_HOST), as a CDN would be: the files, readable from any origin. */
async function translationsHost(source: () => string): Promise<{ url: string; asked: string[]; server: Server }> {
  const asked: string[] = []
  const server = createServer((req, res) => {
    asked.push(req.url ?? '')
    fetch(`${source()}${req.url}`).then(
      async (answer) => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' })
        res.end(await answer.text())
      },
      () => res.writeHead(502).end(),
    )
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server }
}

/** The order's payment page, as the customer reaches it from the order; the app's API calls all carried the server's key. */
async function openPayment(page: Page, apiKey: string): Promise<void> {
  const keys = new Set<string>()
  page.on('request', (request) => new URL(request.url()).pathname.startsWith('/api/') && keys.add(request.headers().key ?? ''))
  await signUp(page, uniqueEmail())
  await expectProfile(page)
  expect(keys).toEqual(new Set([apiKey]))
  const order = await placeUnpaidOrder(page, apiKey)
  await page.goto(`/payment/${order.id}`)
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor()
  await page.getByText('Paying with:').waitFor()
}

describe('one build, served by two deployments with their own settings', () => {
  const distDir = inject('distDir')
  let built: Record<string, string>
  let staging: RunningServer
  let production: RunningServer
  let cdn: Awaited<ReturnType<typeof translationsHost>>

  beforeAll(async () => {
    built = await fingerprint(distDir)
    cdn = await translationsHost(() => staging.url)
    // The demo's defaults: the sandbox wallet and all three providers.
    staging = await startOwnServer({ apiKey: 'staging-key' })
    production = await startOwnServer({ apiKey: 'production-key', googlePay: null, socialProviders: ['facebook'], i18nHost: cdn.url })
  })
  afterAll(async () => {
    await Promise.all([staging?.close(), production?.close()])
    cdn?.server.close()
  })

  test('each server hands the page its own settings, which the page opens with', async () => {
    for (const [server, apiKey] of [
      [staging, 'staging-key'],
      [production, 'production-key'],
    ] as const) {
      // One context for both: each page names its server in full.
      const page = await session.page()
      await page.goto(`${server.url}/`)
      await productCards(page).first().waitFor()
      await waitForApp(page)
      expect(clientSettingsFromHtml(await page.content())?.apiKey, server.url).toBe(apiKey)
      await page.close()
    }
  })

  test('the staging deployment offers its sandbox wallet and every provider; the "or" stands between them and the form', async () => {
    const page = await session.page({ baseURL: staging.url })
    await page.goto('/login')
    const social = page.getByRole('list', { name: 'Sign in with a social account' })
    await social.waitFor()
    expect(await social.getByRole('link').allTextContents()).toEqual(['GSign in with Google', 'fSign in with Facebook', 'XSign in with Twitter'])
    await page.getByText('or', { exact: true }).waitFor()
    await openPayment(page, 'staging-key')
    await page.getByRole('button', { name: /Google Pay/ }).waitFor()
  })

  test('a deployment without wallet settings shows no Google Pay button, and only the providers it offers', async () => {
    const page = await session.page({ baseURL: production.url })
    await page.goto('/login')
    const social = page.getByRole('list', { name: 'Sign in with a social account' })
    await social.waitFor()
    expect(await social.getByRole('link').allTextContents()).toEqual(['fSign in with Facebook'])
    await openPayment(page, 'production-key')
    await page.getByRole('button', { name: 'Pay with Credit Card' }).waitFor()
    expect(await page.getByRole('button', { name: /Google Pay/ }).count()).toBe(0)
  })

  test("a deployment's translations come from its own I18N_HOST", async () => {
    const page = await session.page({ baseURL: production.url })
    await page.goto('/')
    await waitForApp(page)
    await page.getByRole('banner').getByRole('combobox').selectOption({ label: 'XH' })
    // The catalogue comes through the CDN from another server: the page's wait (10 s), not expect.poll's 1 s.
    await page.locator('html[lang="xh"]').waitFor({ state: 'attached' })
    expect(cdn.asked).toContain('/i18n/xh.json')
  })

  test('left every file of the build as it was', async () => {
    expect(await fingerprint(distDir)).toEqual(built)
  })
})

describe('a deployment that offers no social sign-in', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startOwnServer({ socialProviders: [] })
  })
  afterAll(() => server?.close())

  test('shows the sign-in form alone: no provider buttons and no "or"', async () => {
    const page = await session.page({ baseURL: server.url })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in', exact: true }).or(page.getByLabel('Email')).first().waitFor()
    expect(await page.getByRole('list', { name: 'Sign in with a social account' }).count()).toBe(0)
    expect(await page.getByText('or', { exact: true }).count()).toBe(0)
  })
})

/** The API key in the page the worker keeps for every start (its precached /index.html). */
function keptKey(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname !== '/index.html') continue
        const json = /id="storefront-settings">([^<]*)</.exec((await (await cache.match(request))?.text()) ?? '')?.[1]
        return json ? (JSON.parse(json) as { apiKey: string }).apiKey : undefined
      }
    }
    return undefined
  })
}

describe('an installed app whose server changed its settings', () => {
  test('opens at once with the settings it kept, then keeps the new ones for its next start, offline too', async () => {
    const before = await startOwnServer({ apiKey: 'before-key' })
    const context = await newContext(session.browser())
    let after: RunningServer | undefined
    try {
      const page = await context.newPage()
      watchProblems(page, session.problems)
      await page.goto(`${before.url}/`)
      await productCards(page).first().waitFor()
      await waitForApp(page)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      await expect.poll(() => keptKey(page), { timeout: 20_000 }).toBe('before-key')
      await before.close()
      // The same origin, now with another key (a rotated key on a restart).
      after = await startOwnServer({ apiKey: 'after-key', port: before.port })
      await page.goto(`${after.url}/cart`)
      expect(clientSettingsFromHtml(await page.content())?.apiKey).toBe('before-key')
      await expect.poll(() => keptKey(page), { timeout: 20_000 }).toBe('after-key')
      await page.goto(`${after.url}/`)
      expect(clientSettingsFromHtml(await page.content())?.apiKey).toBe('after-key')
      await productCards(page).first().waitFor()
      await context.setOffline(true)
      await page.reload()
      expect(clientSettingsFromHtml(await page.content())?.apiKey).toBe('after-key')
      await productCards(page).first().waitFor()
    } finally {
      await context.close()
      await after?.close()
      await before.close()
    }
  })
})
