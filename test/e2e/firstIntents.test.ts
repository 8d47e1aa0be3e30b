/**
 * Issue 28, points 13 and 14: what a customer does while the page is still starting is carried out, never dropped
 * and never decided on a guess. Each scenario is repeated on fresh page loads, the intent made the moment its
 * control shows, so a window that is only sometimes open is found.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { newContext, screenshot, useBrowser } from './browser.ts'
import { addFirstProducts, expectBadge, openHome, proceedToOrder, waitForApp } from './storefront.ts'
import { expectProfile, signUp, uniqueEmail } from './accounts.ts'

const session = useBrowser()

/** What each language calls the header's selector and the home page's heading (locales/*.po). */
const words = {
  af: { language: 'Taal', home: 'Produkpakkette' },
  xh: { language: 'Ulwimi', home: 'Iipakethe zeemveliso' },
} as const

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang)

describe('a language picked at once on a new device', () => {
  test('is shown every time: 20 fresh browser profiles in a row pick af or xh the moment "Product Packages" shows', async () => {
    const landed: string[] = []
    for (let run = 0; run < 20; run++) {
      const code = run % 2 === 0 ? 'af' : 'xh'
      const context = await newContext(session.browser())
      try {
        const page = await context.newPage()
        // A phone's slower CPU: React takes the page over some time before it has hydrated the header.
        await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.goto('/')
        await page.getByRole('heading', { level: 1, name: 'Product Packages' }).waitFor()
        // The moment React has the page: the header's selector may not be hydrated yet, as a customer's pick finds it.
        await waitForApp(page)
        await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: code.toUpperCase() })
        const shown = await page
          .getByRole('heading', { level: 1, name: words[code].home })
          .waitFor({ timeout: 10_000 })
          .then(
            () => true,
            () => false,
          )
        const lang = await htmlLang(page)
        landed.push(`${run}:${code}->${shown ? lang : `${lang} (still ${await page.getByRole('heading', { level: 1 }).first().innerText()})`}`)
        if (!shown || lang !== code) console.log(`[e2e] ${await screenshot(page, `first-intents-language-${run}-${code}`)}`)
        else if (run < 2) console.log(`[e2e] ${await screenshot(page, `first-intents-language-${code}`)}`)
      } finally {
        await context.close()
      }
    }
    console.log(`[e2e] language picks: ${landed.join(', ')}`)
    expect(landed).toEqual(Array.from({ length: 20 }, (_, run) => `${run}:${run % 2 === 0 ? 'af' : 'xh'}->${run % 2 === 0 ? 'af' : 'xh'}`))
  }, 300_000)
})

describe('a signed-in customer acting at once after a page load', () => {
  test('"proceed to order" tapped the moment it can be, on 20 loads of /cart by address, always goes to the delivery step', async () => {
    const page = await session.page()
    await openHome(page)
    await addFirstProducts(page, 1)
    await expectBadge(page, 1)
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    // On odd runs the server's answer to the session check is held until the tap was made, as on a slow connection.
    let release = () => {}
    let holding = false
    await page.context().route('**/api/auth/session', async (route) => {
      if (holding) await new Promise<void>((resolve) => (release = resolve))
      await route.continue()
    })
    const landed: string[] = []
    for (let run = 0; run < 20; run++) {
      holding = run % 2 === 1
      await page.goto('/cart')
      // Enabled once the cart is read back from the device; the session may still be being checked.
      await page.getByRole('button', { name: 'proceed to order', disabled: false }).waitFor()
      await proceedToOrder(page).click()
      holding = false
      release()
      await page.waitForURL((url) => url.pathname === '/delivery_address' || url.pathname === '/login')
      landed.push(new URL(page.url()).pathname)
      if (landed.at(-1) === '/delivery_address') await page.getByRole('heading', { level: 1, name: 'Delivery Address' }).waitFor()
      else console.log(`[e2e] ${await screenshot(page, `first-intents-proceed-${run}`)}`)
      if (run === 1) console.log(`[e2e] ${await screenshot(page, 'first-intents-proceed')}`)
    }
    console.log(`[e2e] proceed landings: ${landed.join(', ')}`)
    expect(landed).toEqual(Array.from({ length: 20 }, () => '/delivery_address'))
  }, 120_000)

  test('/login and /signup move a signed-in customer on, to where they were heading (else /profile)', async () => {
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    for (let run = 0; run < 3; run++) {
      await page.goto('/login')
      await expectProfile(page)
      await page.goto('/login?redirect=%2Forders')
      await page.waitForURL((url) => url.pathname === '/orders')
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
      await page.goto('/signup')
      await expectProfile(page)
    }
    // A redirect to another site is not followed.
    await page.goto('/login?redirect=%2F%2Fexample.com%2F')
    await expectProfile(page)
    console.log(`[e2e] ${await screenshot(page, 'first-intents-login-signed-in')}`)
  })
})
