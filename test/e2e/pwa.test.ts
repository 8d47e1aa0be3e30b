import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, inject, test } from 'vitest'
import type { Page } from 'playwright-core'
import { startOwnServer } from './ownServer.ts'
import { expectImagesLoaded, newContext, screenshot, useBrowser, watchProblems } from './browser.ts'
import { addFirstProducts, cartLines, cartLink, expectBadge, openHome, productCards, productHeading, waitForApp } from './storefront.ts'
import { expectProfile, logOut, signUp, uniqueEmail } from './accounts.ts'

const session = useBrowser()

async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
}

/** Asks the controlling worker which build it is. */
function workerBuild(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve((event.data as { build: string }).build)
        navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2])
      }),
  )
}

describe('installable and offline', () => {
  test('the service worker controls the page after the first load', async () => {
    const page = await session.page()
    await openHome(page)
    await controlledByWorker(page)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)
  })

  test('the manifest meets the install criteria and its icons load', async () => {
    const page = await session.page()
    await openHome(page)
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!)
    expect(manifest).toMatchObject({ name: 'Seed Storefront', short_name: 'Seed', start_url: '/', scope: '/', display: 'standalone' })
    expect(manifest.theme_color).toMatch(/^#/)
    expect(manifest.background_color).toMatch(/^#/)
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[]
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of [...icons, ...(manifest.screenshots as { src: string; sizes: string }[])]) {
      const size = await page.evaluate(async (src) => {
        const image = new Image()
        image.src = src
        await image.decode()
        return `${image.naturalWidth}x${image.naturalHeight}`
      }, icon.src)
      expect(size, icon.src).toBe(icon.sizes)
    }
  })

  test('offline, reloading / and /cart shows the shell, the catalogue, the images and the cart', async () => {
    const context = await session.context()
    const page = await session.page()
    await openHome(page)
    await controlledByWorker(page)
    const added = await addFirstProducts(page, 2)
    await expectBadge(page, 2)
    // Images seen once online are cached by the worker.
    await expectImagesLoaded(productCards(page).locator('img'))

    await context.setOffline(true)
    await page.reload()
    await productCards(page).first().waitFor()
    await expect.poll(() => productCards(page).count()).toBeGreaterThanOrEqual(8)
    await expectImagesLoaded(productCards(page).locator('img'))
    await expect.poll(() => page.getByText("You're offline - showing saved data").count()).toBe(1)
    await expect.poll(() => page.getByText(/^Last updated /).count()).toBe(1)
    await expectBadge(page, 2)
    await screenshot(page, 'home-offline-360')

    await page.goto('/cart')
    await expect.poll(() => cartLines(page).count()).toBe(2)
    expect(await cartLines(page).allTextContents()).toEqual(expect.arrayContaining(added.map((a) => expect.stringContaining(a.name))))
    await screenshot(page, 'cart-offline-360')
  })

  test('moving between routes offline works', async () => {
    const context = await session.context()
    const page = await session.page()
    await openHome(page)
    await controlledByWorker(page)
    await context.setOffline(true)
    await cartLink(page).click()
    await page.getByText('your cart is empty').waitFor()
    await page.getByRole('link', { name: 'continue shopping' }).click()
    await productCards(page).first().waitFor()
    await page.goto('/orders')
    // A guarded route offline still answers with the app, which sends a visitor home.
    await page.waitForURL((url) => url.pathname === '/')
    await productCards(page).first().waitFor()
  })
})

describe('a shared phone', () => {
  test("a logout drops the customer's cached answers from the service worker", async () => {
    const page = await session.page()
    await openHome(page)
    await controlledByWorker(page)
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    // A per-customer read through the worker, as the portal screens make them.
    const status = await page.evaluate(async (address) => {
      const response = await fetch(`/api/v8/partner/detailed_customer_profile/email/${encodeURIComponent(address)}`, {
        headers: { Key: 'storefront-sandbox-key' },
      })
      return response.status
    }, email)
    expect(status).toBe(200)
    const cachedUrls = () =>
      page.evaluate(async () => {
        if (!(await caches.has('customer-reads-v1'))) return []
        return (await (await caches.open('customer-reads-v1')).keys()).map((request) => new URL(request.url).pathname)
      })
    // The profile's own reads (its linked sign-ins) are cached beside it.
    await expect.poll(cachedUrls).toEqual(expect.arrayContaining([expect.stringContaining('/detailed_customer_profile/email/')]))

    await logOut(page)
    await expect.poll(cachedUrls).toEqual([])
  })
})

describe('installing', () => {
  test('"Install app" appears once the browser offers installation and the customer has used the page, and goes once installed', async () => {
    const page = await session.page()
    await openHome(page)
    const button = page.getByRole('button', { name: 'Install app' })
    expect(await button.count()).toBe(0)
    // Headless Chromium never offers installation itself, so the test plays the browser's part.
    const taken = await page.evaluate(async () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          ;(window as unknown as { prompted: boolean }).prompted = true
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      })
      window.dispatchEvent(offer)
      // The app's listener ran during the dispatch; React commits the change of its state before the next frame.
      await new Promise(requestAnimationFrame)
      return offer.defaultPrevented
    })
    // Offered before the customer did anything: kept for later, and not shown yet (it would push the page down under them).
    expect(taken, 'the app keeps the install offer (the browser shows no bar of its own)').toBe(true)
    expect(await button.count(), 'install offer before any input').toBe(0)
    await productHeading(page).click()
    await button.waitFor()
    await button.click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
    await expect.poll(() => button.count()).toBe(0)
  })
})

describe('updates', () => {
  test('a changed build makes the update banner appear and "Reload" activates it', async () => {
    const served = await mkdtemp(join(tmpdir(), 'storefront-update-'))
    await cp(inject('distDir'), served, { recursive: true })
    const server = await startOwnServer({ distDir: served })
    const context = await newContext(session.browser())
    try {
      const page = await context.newPage()
      watchProblems(page, session.problems)
      await page.goto(`${server.url}/`)
      await productCards(page).first().waitFor()
      await waitForApp(page)
      await controlledByWorker(page)
      const before = await workerBuild(page)
      await page
        .getByRole('button', { name: /add to cart/i })
        .first()
        .click()
      await expectBadge(page, 1)

      // The next release: the same sources built again with another build id. The build is deterministic but for that
      // id, which only the worker carries (sw/sw.ts GET_VERSION), so the next build is this one with the worker's id
      // changed. (Building again here would build whatever the working tree holds at that moment, and rewriting the
      // served folder would leave the server without files meanwhile.)
      const next = `next-${Date.now()}`
      const worker = join(served, 'sw.js')
      const source = await readFile(worker, 'utf8')
      expect(source.split(before).length - 1, 'the build id in sw.js').toBe(1)
      await writeFile(`${worker}.next`, source.replace(before, next))
      await rename(`${worker}.next`, worker)

      // The page checks for a new version when it becomes visible again; a test can ask directly.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      const banner = page.getByRole('status').filter({ hasText: 'A new version is available' })
      await banner.waitFor({ timeout: 30_000 })
      expect(await workerBuild(page)).toBe(before)
      // The picture is of the banner, without the "added to cart" toast over the header.
      await page.getByText('added to cart', { exact: true }).waitFor({ state: 'detached' })
      await screenshot(page, 'update-banner-360')

      await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), banner.getByRole('button', { name: 'Reload' }).click()])
      await productCards(page).first().waitFor()
      await controlledByWorker(page)
      const after = await workerBuild(page)
      expect(after).toBe(next)
      expect(await page.getByText('A new version is available').count()).toBe(0)
      // What the customer had is still there after the update.
      await expectBadge(page, 1)
    } finally {
      await context.close()
      await server.close()
      await rm(served, { recursive: true, force: true })
    }
  }, 180_000)
})
