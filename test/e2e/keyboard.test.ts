/**
 * A purchase made with the keyboard alone, as someone who cannot use a mouse or a touch screen makes it: from the home
 * page to "Payment Successful", then a self-service dialog of the portal. Only Tab, Shift+Tab, Enter, Space, the arrows,
 * Escape and typed text; no clicks. At every step the focused element is on screen with a ring of 3:1 or more, Tab
 * always moves on (no trap), and a dialog gives the focus back to what opened it.
 */
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, screenshot, useBrowser } from './browser.ts'
import { person, place, uniqueEmail } from './accounts.ts'
import { expectVisibleFocus } from './focusRing.ts'
import { expectBadge, openHome } from './storefront.ts'

const session = useBrowser()

interface Focused {
  /** What a screen reader would call it: its label, its aria-label or its text. */
  name: string
  tag: string
  /** A handle that tells two elements apart, to notice a Tab that does not move the focus. */
  key: string
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { name: '', tag: 'body', key: 'body' }
    const labelled = el.getAttribute('aria-labelledby')
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : undefined) ??
      ((el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '')
    // A number per element, kept on the page, so the same element reads the same however the page changed around it.
    const mark = window as { focusIds?: WeakMap<Element, number>; focusCount?: number }
    mark.focusIds ??= new WeakMap()
    if (!mark.focusIds.has(el)) {
      mark.focusCount = (mark.focusCount ?? 0) + 1
      mark.focusIds.set(el, mark.focusCount)
    }
    const ids = mark.focusIds
    return { name: name.trim().replace(/\s+/g, ' '), tag: el.tagName.toLowerCase(), key: `${el.tagName}:${ids.get(el)}` }
  })
}

let steps = 0

/**
 * Presses Tab (or Shift+Tab) until the focus is on what `name` matches, checking the focus after every press: visible,
 * a ring of 3:1, and moved (a Tab that leaves the focus where it was is a trap). Gives up after `max` presses.
 */
async function tabTo(page: Page, name: RegExp, { back = false, max = 40 } = {}): Promise<void> {
  let last = (await focused(page)).key
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    steps++
    const now = await focused(page)
    expect(now.key, `Tab ${i + 1} towards ${name} moved the focus on from ${now.name}`).not.toBe(last)
    last = now.key
    if (now.tag === 'body') continue
    await expectVisibleFocus(page, `towards ${name}, at ${now.tag} "${now.name}"`)
    if (name.test(now.name)) return
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${name}`)
}

/** Moves through a menu with the arrow key until its item `name` has the focus, checking the focus at each item. */
async function arrowTo(page: Page, name: RegExp, max = 8): Promise<void> {
  for (let i = 0; i < max; i++) {
    const now = await focused(page)
    await expectVisibleFocus(page, `towards ${name}, at ${now.tag} "${now.name}"`)
    if (name.test(now.name)) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`${max} presses of ArrowDown never reached ${name}`)
}

/** Tabs to a field by its label and types into it. */
async function typeInto(page: Page, label: RegExp, text: string): Promise<void> {
  await tabTo(page, label)
  await page.keyboard.type(text)
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

test('a keyboard alone buys a package, pays by card and renames the SIM in its dialog', async () => {
  const page = await session.page({ viewport: DESKTOP })
  await openHome(page)
  await page.getByRole('banner').locator('select[name="language"][aria-busy="false"]').waitFor()

  // The home page: the skip link first, then past the header to the first package.
  await tabTo(page, /^Skip to content$/, { max: 1 })
  await page.keyboard.press('Enter')
  await tabTo(page, /^add to cart: 4G Uncapped 10Mbps$/)
  await page.keyboard.press('Enter')
  await expectBadge(page, 1)

  // Back up to the header's cart link.
  await tabTo(page, /^Cart, 1 items?$/, { back: true })
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor()
  await tabTo(page, /^proceed to order$/)
  await page.keyboard.press('Enter')

  // A new customer: from the sign-in page to the sign-up wizard.
  await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor()
  await tabTo(page, /^sign up$/i)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Create an Account' }).waitFor()
  const email = uniqueEmail()
  for (const [label, value] of Object.entries(person(email))) await typeInto(page, exactly(label), value)
  await tabTo(page, /^Next$/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: /Address/ }).waitFor()
  for (const [label, value] of Object.entries(place)) await typeInto(page, exactly(label), value)
  await tabTo(page, /^Submit$/)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname === '/profile')

  // The cart waited; the order goes to the saved address.
  await tabTo(page, /^Cart, 1 items?$/, { back: true, max: 60 })
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor()
  await tabTo(page, /^proceed to order$/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Delivery Address' }).waitFor()
  await tabTo(page, /^create order$/, { max: 60 })
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: /^Order SO-/ }).waitFor({ timeout: 15_000 })

  // Paying: the order's link, the card, the provider's form.
  await tabTo(page, /^PAY FOR ORDER$/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor()
  await page.getByText('Paying with:').waitFor()
  await tabTo(page, /^Pay with Credit Card$/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Insert Your Card Details' }).waitFor()
  await page.getByLabel('Card Number').waitFor()
  await typeInto(page, /^Card Number/, '4200000000000000')
  await typeInto(page, /^Expiry Date/, `12/${String(new Date().getFullYear() + 3).slice(2)}`)
  await typeInto(page, /^Card holder/, 'Thandi Nkosi')
  await typeInto(page, /^CVV/, '123')
  await tabTo(page, /^Pay now$/)
  await screenshot(page, 'keyboard-pay-now-1280', { fullPage: false })
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 15_000 })
  await screenshot(page, 'keyboard-payment-successful-1280', { fullPage: false })

  // The portal: the new SIM, its rename dialog; the focus comes back to the button that opened it.
  await tabTo(page, /Account menu$/, { back: true, max: 60 })
  await page.keyboard.press('Enter')
  await page.getByRole('menu').waitFor()
  await arrowTo(page, /^Services$/)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor()
  await page.getByRole('row').nth(1).waitFor()
  await tabTo(page, /^View Service /)
  await page.keyboard.press('Enter')
  await page.locator('#service-title').waitFor()
  await tabTo(page, /^Update Sim Name$/, { max: 60 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await expectVisibleFocus(page, 'the rename dialog')
  // Escape closes it, and the focus is back on its button.
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  expect((await focused(page)).name).toBe('Update Sim Name')
  await expectVisibleFocus(page, 'back from the dialog')

  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.type(' upstairs')
  await tabTo(page, /^Save$/)
  await screenshot(page, 'keyboard-rename-dialog-1280', { fullPage: false })
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'hidden' })
  await page
    .getByText(/ upstairs/)
    .first()
    .waitFor()
  await expect.poll(async () => (await focused(page)).name).toBe('Update Sim Name')
  await expectVisibleFocus(page, 'back from the saved dialog')
  console.log(`[e2e] keyboard purchase: ${steps} presses of Tab or Shift+Tab, each focus visible with a ring of 3:1 or more`)
  expect(session.problems.errors).toEqual([])
})
