/**
 * What a screen reader hears: the toaster's live regions are in the page before any toast, a toast's text lands in
 * them, an error toast stays while hovered or focused and goes on dismiss (× or Escape), the failed action keeps its
 * error next to the form, and each Wallets gauge is one meter with its value text, in English, isiXhosa and Afrikaans.
 * The toast timing runs on Playwright's clock, so no test waits the 3 s out.
 */
import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { balanceOf, dataGb, voiceMinutes, type Service } from '../../src/domain/service.ts'
import { formatNumber } from '../../src/domain/numbers.ts'
import { logIn, uniqueEmail } from './accounts.ts'
import { DESKTOP, screenshot, useBrowser } from './browser.ts'
import { portalTruth, signInAsDemo } from './portal.ts'
import { addFirstProducts, openHome, waitForApp } from './storefront.ts'

const session = useBrowser()

const errorsRegion = (page: Page) => page.getByRole('alert', { name: 'Errors' })
const notificationsRegion = (page: Page) => page.getByRole('status', { name: 'Notifications' })
const WRONG = 'Incorrect Username or Password. Please try again.'

describe('toasts', () => {
  test('the two live regions are in the first page, empty, before any toast; the "added to cart" toast lands in the polite one', async () => {
    const page = await session.page()
    await openHome(page)
    // The page the server draws carries them already: a screen reader watches them from the first paint.
    const drawn = await (await page.request.get('/')).text()
    expect(drawn).toContain('role="alert" aria-label="Errors"')
    expect(drawn).toContain('role="status" aria-label="Notifications"')
    expect(await errorsRegion(page).innerText()).toBe('')
    expect(await notificationsRegion(page).innerText()).toBe('')

    await addFirstProducts(page, 1)
    await notificationsRegion(page).getByText('added to cart', { exact: true }).waitFor()
    expect(await notificationsRegion(page).ariaSnapshot()).toContain('added to cart')
    expect(await errorsRegion(page).innerText()).toBe('')
  })

  test('an error toast stays while hovered or focused, goes on × or Escape, and the login form keeps the error', async () => {
    const page = await session.page({ viewport: DESKTOP })
    await page.clock.install()
    const form = page.getByRole('form', { name: 'Sign in with email' })
    const toast = errorsRegion(page).getByText(WRONG, { exact: true })

    await logIn(page, uniqueEmail(), 'Wrong#1234')
    await toast.waitFor()
    // The error also stays where it happened, next to the form.
    await form.getByText(WRONG, { exact: true }).waitFor()
    await toast.hover()
    await page.clock.runFor(10_000)
    expect(await toast.isVisible(), 'hovered for 10 s').toBe(true)
    console.log(`[e2e] ${await screenshot(page, 'announcements-error-toast-hovered-1280')}`)
    await page.mouse.move(5, 790)
    await page.clock.runFor(3_000)
    await toast.waitFor({ state: 'detached' })
    expect(await form.getByText(WRONG, { exact: true }).isVisible(), 'the inline error after the toast is gone').toBe(true)
    console.log(`[e2e] ${await screenshot(page, 'announcements-login-inline-error-1280')}`)

    // × dismisses it.
    await form.getByRole('button', { name: 'Sign in', exact: true }).click()
    await toast.waitFor()
    await errorsRegion(page).getByRole('button', { name: 'Dismiss' }).click()
    await toast.waitFor({ state: 'detached' })

    // Focus in it holds it; Escape dismisses it.
    await form.getByRole('button', { name: 'Sign in', exact: true }).click()
    await toast.waitFor()
    await errorsRegion(page).getByRole('button', { name: 'Dismiss' }).focus()
    await page.clock.runFor(10_000)
    expect(await toast.isVisible(), 'focused for 10 s').toBe(true)
    await page.keyboard.press('Escape')
    await toast.waitFor({ state: 'detached' })
    expect(await form.getByText(WRONG, { exact: true }).isVisible()).toBe(true)
  })
})

/** What each language calls the language selector and the gauges, and how it reads a gauge's value (locales/*.po). */
const languages = {
  en: {
    selector: 'Language',
    subscriptions: 'Subscriptions',
    names: { voice_sub: 'Voice (minutes)', data_sub: 'DATA (GB)', sms_sub: 'SMS (units)' },
    text: {
      voice_sub: (n: string, max: string) => `${n} minutes of ${max} minutes left`,
      data_sub: (n: string, max: string) => `${n} GB of ${max} GB left`,
      sms_sub: (n: string, max: string) => `${n} SMS of ${max} SMS left`,
    },
  },
  xh: {
    selector: 'Ulwimi',
    subscriptions: 'Imirhumo',
    names: { voice_sub: 'Iminxeba (imizuzu)', data_sub: 'IDATHA (GB)', sms_sub: 'SMS (iiyunithi)' },
    text: {
      voice_sub: (n: string, max: string) => `Kushiyeke imizuzu eyi-${n} kwimizuzu eyi-${max}`,
      data_sub: (n: string, max: string) => `Kushiyeke i-${n} GB kwi-${max} GB`,
      sms_sub: (n: string, max: string) => `Kushiyeke ii-SMS eziyi-${n} kwii-SMS eziyi-${max}`,
    },
  },
  af: {
    selector: 'Taal',
    subscriptions: 'Intekeninge',
    names: { voice_sub: 'Oproepe (minute)', data_sub: 'DATA (GB)', sms_sub: 'SMS (eenhede)' },
    text: {
      voice_sub: (n: string, max: string) => `${n} minute van ${max} minute oor`,
      data_sub: (n: string, max: string) => `${n} GB van ${max} GB oor`,
      sms_sub: (n: string, max: string) => `${n} SMS'e van ${max} SMS'e oor`,
    },
  },
} as const

type Code = keyof typeof languages
const KEYS = ['voice_sub', 'data_sub', 'sms_sub'] as const

/** The gauge's amount as the language writes it, from the server's own balances. */
function amountOf(service: Service, key: (typeof KEYS)[number], code: Code): string {
  const available = balanceOf(service, key)?.available ?? 0
  if (key === 'voice_sub') return voiceMinutes(available, code)
  if (key === 'data_sub') return dataGb(available, code)
  return formatNumber(available, code)
}

async function chooseLanguage(page: Page, from: Code, to: Code): Promise<void> {
  await waitForApp(page)
  await page.getByRole('banner').getByRole('combobox', { name: languages[from].selector }).selectOption({ label: to.toUpperCase() })
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to)
}

/** Counts the times `text` occurs in an aria snapshot. */
const occurrences = (snapshot: string, text: string) => snapshot.split(text).length - 1

async function expectGauges(subscriptions: Locator, prepaid: Service, code: Code): Promise<void> {
  const words = languages[code]
  await expect.poll(() => subscriptions.getByRole('meter').count()).toBe(3)
  for (const key of KEYS) {
    const meter = subscriptions.getByRole('meter', { name: words.names[key], exact: true })
    const max = { voice_sub: '60', data_sub: '2', sms_sub: '100' }[key]
    expect(await meter.getAttribute('aria-valuetext'), `${code} ${key}`).toBe(words.text[key](amountOf(prepaid, key, code), max))
    expect(await meter.getAttribute('aria-valuemin')).toBe('0')
    expect(await meter.getAttribute('aria-valuemax')).toBe(max)
    expect(Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0)
  }
  // Each gauge is announced once: its name once in the tree, no picture beside it, no second label.
  const snapshot = await subscriptions.ariaSnapshot()
  for (const key of KEYS) expect(occurrences(snapshot, `meter "${words.names[key]}"`), `${code}: ${snapshot}`).toBe(1)
  expect(occurrences(snapshot, words.names.voice_sub), `${code}: ${snapshot}`).toBe(1)
  expect(snapshot, code).not.toContain('img')
}

describe('the Wallets gauges', () => {
  test('each is one meter, named by its label, with its value text in en, xh and af', async () => {
    const page = await session.page()
    await signInAsDemo(page)
    const truth = await portalTruth(page)
    const prepaid = truth.services.find((s) => s.available_balance !== undefined)
    if (!prepaid) throw new Error('the demo customer needs a prepaid service')
    await page.goto(`/service/${prepaid.id}`)
    let current: Code = 'en'
    for (const code of ['en', 'xh', 'af'] as const) {
      if (code !== current) await chooseLanguage(page, current, code)
      current = code
      const subscriptions = page.getByRole('region', { name: languages[code].subscriptions, exact: true })
      await subscriptions.waitFor()
      await expectGauges(subscriptions, prepaid, code)
      console.log(`[e2e] ${await screenshot(page, `announcements-gauges-${code}-360`)}`)
    }
  })

  test('the monthly pie still describes itself: an image named "Usage Stats" whose description gives each slice', async () => {
    const page = await session.page()
    await signInAsDemo(page)
    const truth = await portalTruth(page)
    const monthly = truth.services.find((s) => s.available_balance === undefined)
    if (!monthly) throw new Error('the demo customer needs a monthly service')
    await page.goto(`/service/${monthly.id}`)
    const pie = page.getByRole('img', { name: 'Usage Stats', exact: true })
    await pie.waitFor()
    const description = await pie.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent ?? '')
    expect(description).toBe(
      `Peak: ${dataGb(monthly.peak_usage ?? 0, 'en')} GB, Off Peak: ${dataGb(monthly.offpeak_usage ?? 0, 'en')} GB, Spend Limit: ${dataGb(monthly.spend_limit_available ?? 0, 'en')} GB`,
    )
  })
})
