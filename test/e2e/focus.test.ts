/**
 * What a keyboard or screen-reader user meets on every page: the focus ring on each background, the skip link, the
 * page's own title and the focus on its heading after a move, and no motion for whoever asked the system for less.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, screenshot, useBrowser } from './browser.ts'
import { expectVisibleFocus, type FocusMeasure } from './focusRing.ts'
import { expectProfile, placeUnpaidOrder, signUp, uniqueEmail } from './accounts.ts'
import { cartLink, openHome, productCards } from './storefront.ts'

const session = useBrowser()

/** Presses Tab `times` times, measuring the focus after each press. */
async function tabThrough(page: Page, where: string, times: number): Promise<FocusMeasure[]> {
  const seen: FocusMeasure[] = []
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab')
    const measure = await expectVisibleFocus(page, `${where}, Tab ${i + 1}`)
    console.log(`[e2e] focus ring on ${where}: ${measure.what} on ${measure.background}: ${measure.contrast}:1`)
    seen.push(measure)
  }
  return seen
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement?.textContent ?? '').trim())
}

describe('the focus ring', () => {
  test('holds 3:1 on the header, the page, white cards, blue and outlined buttons and the language selector', async () => {
    const page = await session.page({ viewport: DESKTOP })
    await openHome(page)
    await productCards(page)
      .first()
      .getByRole('button', { name: /add to cart/i })
      .waitFor()
    // Skip link, home, login, sign up, cart, language, then the first cards' fields and blue buttons.
    const seen = await tabThrough(page, 'home', 12)
    expect(seen.map((m) => m.background)).toContain('rgb(255, 255, 255)')
    expect(seen.some((m) => m.what.startsWith('button') && /add to cart/i.test(m.what))).toBe(true)
    await screenshot(page, 'focus-ring-add-to-cart-1280', { fullPage: false })
  })

  test('holds 3:1 on the sandbox pages: social sign-in and the mailbox', async () => {
    const page = await session.page({ viewport: DESKTOP })
    await page.goto('/login')
    await page.getByRole('link', { name: 'Sign in with Google' }).click()
    await page.getByRole('heading', { level: 1, name: 'Sign in with Google' }).waitFor()
    await tabThrough(page, 'sandbox sign-in', 4)
    await screenshot(page, 'focus-ring-sandbox-identity-1280', { fullPage: false })

    await page.goto('/sandbox/mail')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await tabThrough(page, 'sandbox mailbox', 2)
  })

  test("holds 3:1 in the Google Pay sheet (a sandbox dialog), which gives the focus back when it closes, and on the sandbox bank's page", async () => {
    const page = await session.page({ viewport: DESKTOP })
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    const order = await placeUnpaidOrder(page)
    await page.goto(`/payment/${order.id}`)
    await page.getByText('Paying with:').waitFor()
    const googlePay = page.getByRole('button', { name: /Google Pay/ })
    await googlePay.focus()
    await expectVisibleFocus(page, 'the Google Pay button')
    await page.keyboard.press('Enter')
    const sheet = page.getByRole('dialog', { name: /Google Pay/ })
    await sheet.waitFor()
    const measure = await expectVisibleFocus(page, 'the Google Pay sheet')
    console.log(`[e2e] focus ring in the Google Pay sheet: ${measure.what} on ${measure.background}: ${measure.contrast}:1`)
    // Pay is the sheet's last button: back to the one before it.
    await page.keyboard.press('Shift+Tab')
    await expectVisibleFocus(page, 'the Google Pay sheet, Shift+Tab')
    await screenshot(page, 'focus-ring-google-pay-sheet-1280', { fullPage: false })
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    expect(await googlePay.evaluate((el) => el === document.activeElement)).toBe(true)

    // The sandbox bank's 3-D Secure page, a page of the server's own.
    await page.getByRole('button', { name: 'Pay with Credit Card' }).click()
    await page.getByLabel('Card Number').fill('4000000000000002')
    await page.getByLabel('Expiry Date').fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
    await page.getByLabel('Card holder').fill('Thandi Nkosi')
    await page.getByLabel('CVV').fill('123')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await page.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor()
    await tabThrough(page, 'the sandbox 3-D Secure page', 2)
    await screenshot(page, 'focus-ring-3ds-1280', { fullPage: false })
  })
})

describe('the skip link', () => {
  for (const path of ['/', '/login']) {
    test(`is the first Tab of ${path}, shows itself and moves the focus to the page's main content`, async () => {
      const page = await session.page()
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.getByRole('banner').locator('select[name="language"][aria-busy="false"]').waitFor()
      await page.keyboard.press('Tab')
      expect(await focusedText(page)).toBe('Skip to content')
      await expectVisibleFocus(page, `${path}: the skip link`)
      await screenshot(page, `skip-link${path.replace('/', '-')}-360`, { fullPage: false })
      await page.keyboard.press('Enter')
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
      expect(new URL(page.url()).pathname).toBe(path)
      // The next Tab starts inside the page, past the header.
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    })
  }
})

describe('page titles and the focus after a move', () => {
  test('each page names itself in the title, the first page from the server too, in the language shown', async () => {
    const page = await session.page()
    const cart = await page.request.get('/cart', { headers: { Cookie: 'lang=xh' } })
    expect(await cart.text()).toContain('<title>Inqwelo · Seed Storefront</title>')
    const home = await page.request.get('/', { headers: { Cookie: 'lang=af' } })
    expect(await home.text()).toContain('<title>Produkpakkette · Seed Storefront</title>')

    await openHome(page)
    await expect.poll(() => page.title()).toBe('Product Packages · Seed Storefront')
    // The first load leaves the focus where the browser puts it: the page's start.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)

    await cartLink(page).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor()
    await expect.poll(() => page.title()).toBe('Cart · Seed Storefront')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    expect(await focusedText(page)).toBe('Cart')

    await page.goto('/login')
    await expect.poll(() => page.title()).toBe('Sign in to continue · Seed Storefront')
    await page.getByRole('link', { name: 'Forgot your password?' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.title()).toBe('Forgot your password? · Seed Storefront')
    await expect.poll(() => focusedText(page)).toBe('Forgot your password?')
    await expectVisibleFocus(page, 'the heading after a move')
  })
})

describe('less motion', () => {
  test('a customer who asked the system for less motion sees no slide, spin or fade', async () => {
    const page = await session.page()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openHome(page)
    const button = productCards(page)
      .first()
      .getByRole('button', { name: /add to cart/i })
    expect(await button.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s')
    await button.click()
    const toast = page.getByText('added to cart', { exact: true }).first()
    await toast.waitFor()
    // The toast's slide is over at once.
    const slide = await toast.evaluate((el) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.animationName !== 'none') return style.animationDuration
      }
      return 'no animation'
    })
    expect(slide).toBe('0.001s')
    // Any animation an element declares (the spinners' endless turn among them) runs once, for a millisecond.
    const spin = await page.evaluate(() => {
      const probe = document.createElement('div')
      probe.style.animation = 'spin .8s linear infinite'
      document.getElementById('main')?.append(probe)
      const { animationDuration, animationIterationCount } = getComputedStyle(probe)
      probe.remove()
      return `${animationDuration} × ${animationIterationCount}`
    })
    expect(spin).toBe('0.001s × 1')
  })
})
