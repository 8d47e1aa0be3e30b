/**
 * The installed app: its manifest in each language (no orientation lock, the portal's shortcuts), the icon iOS
 * puts on the home screen, the install offer's "Not now" and the Add to Home Screen hint of iOS Safari.
 */
import { describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { screenshot, useBrowser } from './browser.ts'
import { expectProfile, payByCard, placeUnpaidOrder, signUp, uniqueEmail } from './accounts.ts'
import { storeRows } from './device.ts'
import { portalTruth, signInAsDemo } from './portal.ts'
import { openHome, productHeading, waitForApp } from './storefront.ts'

const session = useBrowser()

const DAY = 24 * 60 * 60 * 1000

interface Shortcut {
  name: string
  url: string
  icons: { src: string; sizes: string; type: string }[]
}

const shortcutNames = {
  en: ['My SIMs', 'Buy a bundle', 'Billing', 'Support'],
  xh: ['Ii-SIM zam', 'Thenga i-bundle', 'Iibhili', 'Uncedo'],
  af: ['My SIM-kaarte', 'Koop ’n bundel', 'Fakturering', 'Hulp'],
}
const manifests = { en: '/manifest.webmanifest', xh: '/manifest.xh.webmanifest', af: '/manifest.af.webmanifest' }

/** Plays the browser's part: headless Chromium never offers installation itself. */
async function offerInstall(page: Page): Promise<void> {
  const taken = await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    })
    window.dispatchEvent(offer)
    return offer.defaultPrevented
  })
  expect(taken, 'the app keeps the install offer').toBe(true)
}

/**
 * Waits until the app's install state has heard everything sent before: the offline notice comes from the same
 * machine, which starts once the device has said what it remembers and takes its events in order. So a banner that
 * is still absent then will not come.
 */
async function untilInstallStateSettled(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true)
  await page.getByText("You're offline - showing saved data").waitFor()
  await context.setOffline(false)
  await page.getByText("You're offline - showing saved data").waitFor({ state: 'detached' })
}

const storedFacts = async (page: Page, type: string) => (await storeRows<{ type: string }>(page, 'storefront', 'events')).filter((f) => f.type === type).length

describe('the manifest', () => {
  test('in English, isiXhosa and Afrikaans it locks no orientation and has four translated shortcuts with icons', async () => {
    const page = await session.page()
    await openHome(page)
    for (const [language, url] of Object.entries(manifests)) {
      const response = await page.request.get(url)
      expect(response.status(), url).toBe(200)
      const manifest = (await response.json()) as { orientation?: string; shortcuts: Shortcut[] }
      expect(manifest, url).not.toHaveProperty('orientation')
      expect(
        manifest.shortcuts.map((s) => s.name),
        url,
      ).toEqual(shortcutNames[language as keyof typeof shortcutNames])
      expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/services', '/services?bundle=1', '/billing', '/support'])
      for (const icon of manifest.shortcuts.flatMap((s) => s.icons)) {
        const size = await page.evaluate(async (src) => {
          const image = new Image()
          image.src = src
          await image.decode()
          return `${image.naturalWidth}x${image.naturalHeight}`
        }, icon.src)
        expect(size, icon.src).toBe(icon.sizes)
      }
    }
  })

  test('each shortcut opens its screen for a signed-in customer', async () => {
    const page = await session.page()
    await openHome(page)
    await signInAsDemo(page)
    const { services } = await portalTruth(page)
    const opened = async (url: string, path: RegExp, heading: string) => {
      await page.goto(url)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      expect(new URL(page.url()).pathname, url).toMatch(path)
    }
    await opened('/services', /^\/services$/, 'Services')
    await opened('/billing', /^\/billing$/, 'Billing')
    await opened('/support', /^\/support$/, 'Support')
    // The demo customer has two SIMs: Buy a bundle asks which.
    expect(services).toHaveLength(2)
    await opened('/services?bundle=1', /^\/services$/, 'Services')
    await page.getByText('Choose the SIM to add a bundle to.').waitFor()
  })

  test("Buy a bundle opens the SIM's bundles at once for a customer with one SIM", async () => {
    const page = await session.page()
    await openHome(page)
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await payByCard(page, await placeUnpaidOrder(page), '4200000000000000')
    const { services } = await portalTruth(page)
    expect(services).toHaveLength(1)
    await page.goto('/services?bundle=1')
    await page.getByRole('heading', { level: 1, name: 'Add a bundle' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/service/${services[0]?.id}/bundles`)
  })

  test('the page links the apple-touch-icon, served as a 180 px PNG', async () => {
    const page = await session.page()
    await openHome(page)
    const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    expect(href).toBe('/icons/apple-touch-icon.png')
    const response = await page.request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('image/png')
    const size = await page.evaluate(async (src) => {
      const image = new Image()
      image.src = src
      await image.decode()
      return `${image.naturalWidth}x${image.naturalHeight}`
    }, href!)
    expect(size).toBe('180x180')
  })
})

describe('the install offer', () => {
  test('"Not now" puts the offer away on this device for 30 days, after which it comes back', async () => {
    const context = await session.context()
    const declined = Date.parse('2026-12-01T08:00:00.000Z')
    // The page's clock, which the app dates the answer with and compares it to on the next visits.
    await context.clock.setFixedTime(declined)
    const page = await session.page()
    await openHome(page)
    await offerInstall(page)
    await productHeading(page).click()
    const notNow = page.getByRole('button', { name: 'Not now' })
    await notNow.waitFor()
    await page.getByRole('button', { name: 'Install app' }).waitFor()
    await screenshot(page, 'install-offer-360')
    // From the keyboard: the focus goes on to the page's main content, not to the document's body.
    await notNow.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('button', { name: 'Install app' }).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await expect.poll(() => storedFacts(page, 'v1.InstallOfferDeclined')).toBe(1)

    // 29 days later the browser offers again, and the app keeps quiet.
    await context.clock.setFixedTime(declined + 29 * DAY)
    await page.reload()
    await waitForApp(page)
    await offerInstall(page)
    await productHeading(page).click()
    await untilInstallStateSettled(context, page)
    expect(await page.getByRole('button', { name: 'Install app' }).count(), '29 days after "Not now"').toBe(0)

    await context.clock.setFixedTime(declined + 31 * DAY)
    await page.reload()
    await waitForApp(page)
    await offerInstall(page)
    await productHeading(page).click()
    await page.getByRole('button', { name: 'Install app' }).waitFor()
    await page.getByRole('button', { name: 'Not now' }).waitFor()
  })
})

describe('the Add to Home Screen hint', () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
  const HINT = 'To add Seed to your home screen, tap Share, then Add to Home Screen.'

  /** The page believes it runs in iOS Safari: its user agent, and `navigator.standalone` (true when opened from the home screen). */
  async function asIosSafari(context: BrowserContext, standalone: boolean): Promise<void> {
    await context.addInitScript(
      ({ userAgent, standalone }) => {
        Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => userAgent })
        Object.defineProperty(Navigator.prototype, 'standalone', { get: () => standalone })
      },
      { userAgent: IPHONE_SAFARI, standalone },
    )
  }

  test('iOS Safari, which makes no install offer, shows how to add the app until the customer puts it away', async () => {
    const context = await session.context()
    await asIosSafari(context, false)
    const page = await session.page()
    await openHome(page)
    await productHeading(page).click()
    await page.getByText(HINT).waitFor()
    await screenshot(page, 'install-hint-ios-360')
    await page.getByRole('button', { name: 'Got it' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByText(HINT).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await expect.poll(() => storedFacts(page, 'v1.InstallHintDismissed')).toBe(1)

    await page.reload()
    await waitForApp(page)
    await productHeading(page).click()
    await untilInstallStateSettled(context, page)
    expect(await page.getByText(HINT).count(), 'the hint after it was put away').toBe(0)
  })

  test('the app opened from the home screen gives no hint', async () => {
    const context = await session.context()
    await asIosSafari(context, true)
    const page = await session.page()
    await openHome(page)
    await productHeading(page).click()
    await untilInstallStateSettled(context, page)
    expect(await page.getByText(HINT).count()).toBe(0)
  })
})
