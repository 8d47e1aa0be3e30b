/**
 * Issue 21, ADD VAS: the demo customer buys a bundle for a SIM from its service page and pays with the existing
 * payment flow (the sandbox's card widget, or Google Pay's sandbox sheet); the Topup tile or the spend limit grows
 * by exactly the bundle and the bill shows the charge; a declined card adds and bills nothing. The numbers are read
 * from the server before and after, never copied from the seed. The purchases change the demo customer's balances,
 * so the file starts its own server: the files that read the demo customer on the run's shared server, at the same
 * time as this one, see the seed's numbers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import type { RunningServer } from '../../server/server.ts'
import { formatRand } from '../../src/domain/money.ts'
import { balanceOf, dataGb, type Service } from '../../src/domain/service.ts'
import { expectToast } from './accounts.ts'
import { DESKTOP, horizontalOverflow, MOBILE, screenshot, useBrowser } from './browser.ts'
import { controlledByWorker, portalTruth, signInAsDemo, type PortalTruth } from './portal.ts'
import { startOwnServer } from './ownServer.ts'
import { waitForApp } from './storefront.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startOwnServer()
}, 120_000)
afterAll(() => server?.close())

const session = useBrowser()

/** What the screens say, in the two languages the test reads them in (locales/*.po). */
const words = {
  en: {
    addVas: 'ADD VAS',
    addBundle: 'Add a bundle',
    payment: 'Payment',
    payingWith: 'Paying with:',
    payByCard: 'Pay with Credit Card',
    googlePay: /Google Pay/,
    sheetPay: 'Pay',
    paid: 'Payment successful.',
    topup: 'Topup',
    data: 'Data (GB)',
    billing: 'Billing',
    bundle: 'Bundle',
    spendLimit: 'Spend Limit',
    usageValues: 'Usage Stats values',
    card: { number: 'Card Number', expiry: 'Expiry Date', holder: 'Card holder', pay: 'Pay now' },
    paidTitle: 'Payment Successful',
    backToSim: 'Back to Service',
  },
  af: {
    addVas: 'VOEG VAS BY',
    addBundle: 'Voeg ’n bundel by',
    payment: 'Betaling',
    payingWith: 'Betaal met:',
    payByCard: 'Betaal met kredietkaart',
    googlePay: /Google Pay/,
    sheetPay: 'Betaal',
    paid: 'Betaling suksesvol.',
    topup: 'Herlaai',
    data: 'Data (GB)',
    billing: 'Fakturering',
    bundle: 'Bundel',
    spendLimit: 'Bestedingslimiet',
    usageValues: 'Waardes van gebruikstatistiek',
    card: { number: 'Kaartnommer', expiry: 'Vervaldatum', holder: 'Kaarthouer', pay: 'Betaal nou' },
    paidTitle: 'Betaling suksesvol',
    backToSim: 'Terug na die diens',
  },
} as const
type Words = (typeof words)[keyof typeof words]

const sims = (truth: PortalTruth) => ({
  prepaid: truth.services.find((s) => s.available_balance !== undefined),
  monthly: truth.services.find((s) => s.available_balance === undefined),
})
const dataTopUp = (s: Service) => balanceOf(s, 'data0')?.available ?? 0
const sameSim = (truth: PortalTruth, s: Service) => truth.services.find((x) => x.id === s.id) as Service

/** From the SIM's page, as a customer goes: ADD VAS, pick a bundle, buy it, land on the payment of its order. */
async function buyBundle(page: Page, w: Words, sim: Service, bundle: RegExp, price: number, language: 'en' | 'af', shot?: string): Promise<void> {
  await page.goto(`/service/${sim.id}`)
  await page.getByRole('link', { name: w.addVas }).click()
  await page.waitForURL((url) => url.pathname === `/service/${sim.id}/bundles`)
  await page.getByRole('heading', { level: 1, name: w.addBundle }).waitFor()
  await page.getByRole('radio', { name: bundle }).check()
  const buy = page.getByRole('button', { name: new RegExp(formatRand(price, language)) })
  if (shot) {
    expect(await horizontalOverflow(page), `${shot}: sideways overflow`).toBe(0)
    await screenshot(page, shot)
  }
  await buy.click()
  await page.waitForURL((url) => /^\/payment\/\d+/.test(url.pathname))
  await page.getByRole('heading', { level: 1, name: w.payment }).waitFor()
  await page.getByText(w.payingWith, { exact: true }).waitFor()
  await page.getByText(formatRand(price, language), { exact: true }).waitFor()
}

/** The sandbox's card widget: a test card, then the status page. */
async function payByCard(page: Page, w: Words, number: string): Promise<void> {
  await page.getByRole('button', { name: w.payByCard }).click()
  await page.getByLabel(w.card.number).fill(number)
  await page.getByLabel(w.card.expiry).fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
  await page.getByLabel(w.card.holder).fill('Lindiwe Dlamini')
  await page.getByLabel('CVV').fill('123')
  await page.getByRole('button', { name: w.card.pay }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/payment_status/'))
}

/** The Topup tile for data on the prepaid SIM's page, as it reads. */
async function expectDataTile(page: Page, w: Words, bytes: number, language: 'en' | 'af'): Promise<void> {
  const tile = page.getByRole('region', { name: w.topup }).getByRole('listitem').filter({ hasText: w.data })
  await tile.getByText(dataGb(bytes, language), { exact: true }).waitFor()
}

async function expectBundleBilled(page: Page, w: Words, reference: string, price: number, language: 'en' | 'af', shot: string): Promise<void> {
  await page.goto('/billing')
  await page.getByRole('heading', { level: 1, name: w.billing }).waitFor()
  const row = page.getByRole('row').filter({ hasText: reference })
  await row.getByText(w.bundle, { exact: true }).waitFor()
  await row.getByText(formatRand(price, language), { exact: true }).first().waitFor()
  expect(await horizontalOverflow(page), `${shot}: sideways overflow`).toBe(0)
  await screenshot(page, shot)
}

/** The order the payment page is paying, by its number on screen. */
const orderNumberOn = async (page: Page) =>
  (await page
    .getByText(/^SO-\d+$/)
    .first()
    .textContent()) ?? ''

describe('ADD VAS: buying a bundle', () => {
  test('a data bundle paid by card grows the Topup tile by 1 GB once and shows on the bill (360 px, English)', async () => {
    const page = await session.page({ viewport: MOBILE, baseURL: server.url })
    await signInAsDemo(page)
    const before = await portalTruth(page)
    const sim = sims(before).prepaid
    if (!sim) throw new Error('the demo customer needs a prepaid SIM')
    await page.goto(`/service/${sim.id}`)
    await expectDataTile(page, words.en, dataTopUp(sim), 'en')

    await buyBundle(page, words.en, sim, /^1 GB data/, 99, 'en', 'bundles-choose-360')
    await page.getByText('1 GB data', { exact: true }).waitFor()
    const reference = await orderNumberOn(page)
    await screenshot(page, 'bundles-payment-360')
    await payByCard(page, words.en, '4200000000000000')
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 15_000 })
    // A reload asks the provider again: the success arrives twice, the bundle is added once.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 15_000 })
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'bundles-paid-360')

    await page.getByRole('link', { name: 'Back to Service' }).click()
    await page.waitForURL((url) => url.pathname === `/service/${sim.id}`)
    await expectDataTile(page, words.en, dataTopUp(sim) + 1e9, 'en')
    await screenshot(page, 'bundles-service-after-360')
    const after = await portalTruth(page)
    expect(dataTopUp(sameSim(after, sim))).toBe(dataTopUp(sim) + 1e9)
    expect(after.bills.find((b) => b.reference === reference)).toMatchObject({ type: 'Bundle', debit: 99 })
    await expectBundleBilled(page, words.en, reference, 99, 'en', 'bundles-billing-360')
    expect(session.problems.errors).toEqual([])
  })

  test('a declined card adds nothing and bills nothing', async () => {
    const page = await session.page({ viewport: MOBILE, baseURL: server.url })
    await signInAsDemo(page)
    const before = await portalTruth(page)
    const sim = sims(before).prepaid
    if (!sim) throw new Error('the demo customer needs a prepaid SIM')

    await buyBundle(page, words.en, sim, /^1 GB data/, 99, 'en')
    const reference = await orderNumberOn(page)
    await payByCard(page, words.en, '4000000000000051')
    await page.getByRole('heading', { level: 1, name: 'Payment Failed' }).waitFor({ timeout: 15_000 })
    await page.getByText('transaction declined (invalid card)', { exact: true }).waitFor()
    await screenshot(page, 'bundles-declined-360')

    await page.getByRole('link', { name: 'Back to Service' }).click()
    await page.waitForURL((url) => url.pathname === `/service/${sim.id}`)
    await expectDataTile(page, words.en, dataTopUp(sim), 'en')
    const after = await portalTruth(page)
    expect(sameSim(after, sim).additional_balances).toEqual(sim.additional_balances)
    expect(after.bills).toEqual(before.bills)
    await page.goto('/billing')
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor()
    await expect.poll(() => page.getByRole('row').filter({ hasText: reference }).count()).toBe(0)
  })

  test('in Afrikaans at 1280 px: Google Pay buys 5 GB for the prepaid SIM and 50 GB for the monthly one’s spend limit', async () => {
    const w = words.af
    const page = await session.page({ viewport: DESKTOP, baseURL: server.url })
    await signInAsDemo(page)
    await waitForApp(page)
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'AF' })
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('af')
    const before = await portalTruth(page)
    const { prepaid, monthly } = sims(before)
    if (!prepaid || !monthly) throw new Error('the demo customer needs a prepaid and a monthly SIM')

    await buyBundle(page, w, prepaid, /^5 GB-data/, 249, 'af', 'bundles-choose-af-1280')
    await screenshot(page, 'bundles-payment-af-1280')
    const reference = await orderNumberOn(page)
    await page.getByRole('button', { name: w.googlePay }).click()
    await page
      .getByRole('dialog', { name: /Google Pay/ })
      .getByRole('button', { name: w.sheetPay, exact: true })
      .click()
    await expectToast(page, w.paid)
    // Google Pay's success goes back to the SIM, where the new balance shows.
    await page.waitForURL((url) => url.pathname === `/service/${prepaid.id}`)
    await expectDataTile(page, w, dataTopUp(prepaid) + 5e9, 'af')
    await screenshot(page, 'bundles-service-after-af-1280')
    await expectBundleBilled(page, w, reference, 249, 'af', 'bundles-billing-af-1280')

    await buyBundle(page, w, monthly, /^50 GB-data/, 149, 'af', 'bundles-choose-monthly-af-1280')
    await payByCard(page, w, '4200000000000000')
    await page.getByRole('heading', { level: 1, name: w.paidTitle }).waitFor({ timeout: 15_000 })
    await page.getByRole('link', { name: w.backToSim }).click()
    await page.waitForURL((url) => url.pathname === `/service/${monthly.id}`)
    const legend = page.getByRole('list', { name: w.usageValues }).getByRole('listitem').filter({ hasText: w.spendLimit })
    await legend.getByText(`${dataGb((monthly.spend_limit_available ?? 0) + 50e9, 'af')} GB`, { exact: true }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'bundles-monthly-after-af-1280')
    const after = await portalTruth(page)
    expect(sameSim(after, monthly).spend_limit_available).toBe((monthly.spend_limit_available ?? 0) + 50e9)
  })

  test('offline the bundles stay on screen and the choice is kept, and Buy waits for the connection', async () => {
    const context = await session.context({ viewport: MOBILE, baseURL: server.url })
    const page = await session.page()
    await signInAsDemo(page)
    await controlledByWorker(page)
    const sim = sims(await portalTruth(page)).prepaid
    if (!sim) throw new Error('the demo customer needs a prepaid SIM')
    await page.goto(`/service/${sim.id}/bundles`)
    await page.getByRole('radio', { name: /^100 SMS/ }).waitFor()

    await context.setOffline(true)
    await page.waitForFunction(() => !navigator.onLine)
    await page.reload()
    await page.getByRole('radio', { name: /^100 SMS/ }).check()
    await page.getByText('Buying a bundle needs a connection. Your choice is kept; you can buy it as soon as you are back online.').waitFor()
    const buy = page.getByRole('button', { name: 'Buy for R35' })
    expect(await buy.isDisabled()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'bundles-offline-360')

    await context.setOffline(false)
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByRole('radio', { name: /^100 SMS/ }).isChecked()).toBe(true)
  })
})
