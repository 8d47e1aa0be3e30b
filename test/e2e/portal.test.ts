import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { formatRand } from '../../src/domain/money.ts'
import { dataGb, type Service } from '../../src/domain/service.ts'
import { expectProfile, logOut, signUp, uniqueEmail } from './accounts.ts'
import { DESKTOP, MOBILE, horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { cachedPortalCustomers, controlledByWorker, DEMO, portalTruth, signInAsDemo, STATUS_TEXT, workerCachedPortalUrls, type PortalTruth } from './portal.ts'

const session = useBrowser()

function split(truth: PortalTruth): { prepaid: Service; monthly: Service } {
  const prepaid = truth.services.find((s) => s.available_balance !== undefined)
  const monthly = truth.services.find((s) => s.available_balance === undefined)
  if (!prepaid || !monthly) throw new Error('the demo customer needs a prepaid and a monthly service')
  return { prepaid, monthly }
}

const productOf = (truth: PortalTruth, s: Service) => truth.products.find((p) => p.id === s.product_id)?.name ?? s.product
const serviceRow = (page: Page, s: Service) => page.getByRole('row').filter({ hasText: s.name })
const billRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('link', { name: /^View Order/ }) })

async function openServices(page: Page): Promise<void> {
  await page.goto('/services')
  await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor()
}

async function expectWallets(page: Page, s: Service): Promise<void> {
  await page.getByRole('heading', { name: 'Wallets' }).waitFor()
  for (const gauge of ['Voice (minutes)', 'DATA (GB)', 'SMS (units)']) await page.getByRole('meter', { name: gauge }).waitFor()
  await page.getByRole('heading', { name: 'Primary Wallet' }).waitFor()
  await page.getByText(formatRand(s.available_balance ?? 0, 'en'), { exact: true }).waitFor()
  await page
    .getByText(dataGb(s.data_available_volume ?? 0, 'en'), { exact: true })
    .first()
    .waitFor()
  await page.getByRole('heading', { name: 'Topup' }).waitFor()
  for (const tile of ['Voice (min)', 'Data (GB)']) await page.getByText(tile, { exact: true }).waitFor()
  expect(await page.getByRole('heading', { name: 'Monthly Subscription' }).count()).toBe(0)
}

async function expectMonthly(page: Page, s: Service): Promise<void> {
  await page.getByRole('heading', { name: 'Monthly Subscription' }).waitFor()
  await page.getByRole('img', { name: 'Usage Stats' }).waitFor()
  for (const label of ['Total Usage (GB)', 'Peak Usage (GB)', 'Off-Peak Usage']) await page.getByText(label, { exact: true }).waitFor()
  await page.getByText(dataGb(s.total_usage ?? 0, 'en'), { exact: true }).waitFor()
  const legend = page.getByRole('list', { name: 'Usage Stats values' })
  for (const slice of ['Peak', 'Off Peak', 'Spend Limit']) await legend.getByText(slice, { exact: true }).waitFor()
  expect(await page.getByRole('heading', { name: 'Wallets' }).count()).toBe(0)
}

async function expectSidebar(page: Page, s: Service): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Service' }).waitFor()
  await page.getByText(s.service_number!, { exact: true }).waitFor()
  const details = page.getByRole('definition')
  await details.filter({ hasText: STATUS_TEXT[s.status]! }).first().waitFor()
  for (const value of [s.name, s.service_reference, s.associated_resource!]) await details.filter({ hasText: value }).first().waitFor()
  // The SIM actions are offered (test/e2e/simActions.test.ts drives them), and an active SIM can buy a bundle
  // (test/e2e/bundles.test.ts buys one).
  for (const action of ['Update Sim Name', 'Upgrade/Downgrade', 'Cancel Service'])
    expect(await page.getByRole('button', { name: action }).isEnabled(), action).toBe(true)
  await page.getByRole('link', { name: 'ADD VAS' }).waitFor()
}

for (const [label, viewport] of [
  ['360', MOBILE],
  ['1280', DESKTOP],
] as const) {
  describe(`the portal at ${label} px`, () => {
    test('lists the services with their true statuses, shows both service views and the bills with a running balance', async () => {
      const page = await session.page({ viewport })
      await signInAsDemo(page)
      const truth = await portalTruth(page)
      const { prepaid, monthly } = split(truth)
      expect(truth.services).toHaveLength(2)

      await openServices(page)
      for (const header of ['Sim Name', 'Product', 'Service Name', 'Status']) expect(await page.getByRole('columnheader', { name: header }).count()).toBe(1)
      for (const s of truth.services) {
        const row = serviceRow(page, s)
        await row.getByText(STATUS_TEXT[s.status]!, { exact: true }).waitFor()
        await row.getByText(productOf(truth, s), { exact: true }).waitFor()
        await row.getByText(s.service_number!, { exact: true }).waitFor()
      }
      expect(await horizontalOverflow(page), 'services: sideways overflow').toBe(0)
      await screenshot(page, `services-${label}`)

      await serviceRow(page, prepaid)
        .getByRole('link', { name: /^View Service/ })
        .click()
      await page.waitForURL((url) => url.pathname === `/service/${prepaid.id}`)
      await expectSidebar(page, prepaid)
      await expectWallets(page, prepaid)
      expect(await horizontalOverflow(page), 'prepaid service: sideways overflow').toBe(0)
      await screenshot(page, `service-prepaid-${label}`)

      await openServices(page)
      await serviceRow(page, monthly)
        .getByRole('link', { name: /^View Service/ })
        .click()
      await page.waitForURL((url) => url.pathname === `/service/${monthly.id}`)
      await expectSidebar(page, monthly)
      await expectMonthly(page, monthly)
      expect(await horizontalOverflow(page), 'monthly service: sideways overflow').toBe(0)
      await screenshot(page, `service-monthly-${label}`)

      await page.goto('/billing')
      await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor()
      await expect.poll(() => billRows(page).count()).toBe(truth.bills.length)
      expect(truth.bills.length).toBeGreaterThan(1)
      let owed = 0
      for (const [i, bill] of truth.bills.entries()) {
        owed = Math.round((owed + bill.debit - bill.credit) * 100) / 100
        expect(bill.balance, `running balance after ${bill.reference}`).toBe(owed)
        const row = billRows(page).nth(i)
        await row.getByText(bill.reference, { exact: true }).waitFor()
        await row.getByText(formatRand(bill.balance, 'en'), { exact: true }).last().waitFor()
      }
      expect(await horizontalOverflow(page), 'billing: sideways overflow').toBe(0)
      await screenshot(page, `billing-${label}`)

      const first = truth.bills[0]!
      await billRows(page)
        .first()
        .getByRole('link', { name: /^View Order/ })
        .click()
      await page.waitForURL((url) => url.pathname === `/orders/${first.order_id}`)
      await page.getByRole('heading', { level: 1, name: /^Order / }).waitFor()
    })
  })
}

describe('the portal offline', () => {
  test('every portal screen shows its last answer and says when it was last updated', async () => {
    const context = await session.context()
    const page = await session.page()
    await signInAsDemo(page)
    await controlledByWorker(page)
    const truth = await portalTruth(page)
    const { prepaid, monthly } = split(truth)
    await openServices(page)
    await serviceRow(page, prepaid).waitFor()
    await page.goto(`/service/${prepaid.id}`)
    await expectWallets(page, prepaid)
    await page.goto(`/service/${monthly.id}`)
    await expectMonthly(page, monthly)
    await page.goto('/billing')
    await expect.poll(() => billRows(page).count()).toBe(truth.bills.length)

    await context.setOffline(true)
    await page.waitForFunction(() => !navigator.onLine)
    const lastUpdated = () => page.getByRole('note').filter({ hasText: /^Last updated / })
    await page.reload()
    await expect.poll(() => billRows(page).count()).toBe(truth.bills.length)
    await lastUpdated().waitFor()
    await screenshot(page, 'billing-offline-360')
    await openServices(page)
    for (const s of truth.services) await serviceRow(page, s).waitFor()
    await lastUpdated().waitFor()
    await screenshot(page, 'services-offline-360')
    await page.goto(`/service/${prepaid.id}`)
    await expectWallets(page, prepaid)
    await lastUpdated().waitFor()
    await page.goto(`/service/${monthly.id}`)
    await expectMonthly(page, monthly)
    await lastUpdated().waitFor()
    await screenshot(page, 'service-monthly-offline-360')
    await context.setOffline(false)
  })
})

describe('a shared phone', () => {
  test('after logout, another customer sees none of the demo customer’s services or bills', async () => {
    const page = await session.page()
    await signInAsDemo(page)
    await controlledByWorker(page)
    const truth = await portalTruth(page)
    const { prepaid } = split(truth)
    await openServices(page)
    await serviceRow(page, prepaid).waitFor()
    await page.goto('/billing')
    await expect.poll(() => billRows(page).count()).toBe(truth.bills.length)
    expect(await cachedPortalCustomers(page)).toContain(truth.customerId)

    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => cachedPortalCustomers(page)).toEqual([])
    await expect.poll(() => workerCachedPortalUrls(page)).toEqual([])

    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await openServices(page)
    await page.getByText('Your SIMs appear here once an order is paid.').waitFor()
    for (const s of truth.services) expect(await page.getByText(s.name).count(), s.name).toBe(0)
    await page.goto('/billing')
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor()
    await page.getByText('Your orders and payments appear here once you place an order.').waitFor()
    for (const bill of truth.bills) expect(await page.getByText(bill.reference).count(), bill.reference).toBe(0)
    await page.goto(`/service/${prepaid.id}`)
    await page.getByText('This could not be found.').waitFor()
    expect(await page.getByText(prepaid.name).count()).toBe(0)
    expect(await page.getByText(DEMO.name).count()).toBe(0)
  })
})
