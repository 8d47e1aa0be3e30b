/**
 * Issue 38 as the customer lives it: a paid SIM is being prepared, goes on its way with the courier's tracking
 * reference, and is activated with the sandbox network's number once RICA is verified at delivery; another fails RICA
 * and the customer is told why and what happens next, also offline. A tester plays the courier on the sandbox network's
 * page in a second tab.
 */
import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { expectProfile, payByCard, placeUnpaidOrder, signUp, uniqueEmail, type Placed } from './accounts.ts'
import { DESKTOP, horizontalOverflow, MOBILE, screenshot, useBrowser } from './browser.ts'
import { controlledByWorker } from './portal.ts'

const session = useBrowser()

/** A signed-up customer's paid order of one SIM, and its service page opened from the order page. */
async function paidSim(page: Page): Promise<{ order: Placed; reference: string }> {
  await signUp(page, uniqueEmail())
  await expectProfile(page)
  const order = await placeUnpaidOrder(page)
  await payByCard(page, order, '4200000000000000')
  await page.goto(`/orders/${order.id}`)
  await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor()
  const sims = page.getByRole('region', { name: 'Your SIMs from this order' })
  await sims.getByText('Being prepared', { exact: true }).waitFor()
  await screenshot(page, `order-sim-being-prepared-${page.viewportSize()?.width}`)
  await sims.getByRole('link', { name: 'View Service Home' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/service/'))
  await yourSim(page).waitFor()
  return { order, reference: await detail(page, 'Service Number').innerText() }
}

const yourSim = (page: Page): Locator => page.getByRole('region', { name: 'Your SIM' })

/** The value beside a label in the service's sidebar. */
const detail = (page: Page, label: string): Locator =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')

/** The step the SIM stands at now, as its list marks it for screen readers. */
const currentStep = (page: Page): Locator => yourSim(page).locator('li[aria-current="step"]')

/** The tester's tab: the sandbox network's page, at the section of this SIM. */
async function courier(page: Page, reference: string): Promise<Locator> {
  await page.goto('/sandbox/network')
  await page.getByRole('heading', { level: 1, name: 'Sandbox network' }).waitFor()
  return page.getByRole('region', { name: new RegExp(`^${reference}: `) })
}

describe('a SIM from payment to the network', () => {
  test('paid, on its way with its tracking reference, RICA verified at delivery, active with the sandbox network’s number (360 px)', {
    timeout: 90_000,
  }, async () => {
    const page = await session.page({ viewport: MOBILE })
    const { reference } = await paidSim(page)
    // Nothing invented: no number or ICCID before the network and fulfilment give them, and what RICA asks for.
    await expect.poll(() => currentStep(page).innerText()).toMatch(/^Being prepared/)
    await detail(page, 'Mobile number').getByText('Given when the network activates your SIM').waitFor()
    await detail(page, 'ICCID').getByText('Given when your SIM is dispatched').waitFor()
    const ready = page.getByRole('region', { name: 'Have this ready for RICA' })
    await ready.getByText('A proof of address not older than three months').waitFor()
    await ready.getByText('You, in person, when the courier delivers').waitFor()
    for (const action of ['Upgrade/Downgrade', 'Cancel Service']) expect(await page.getByRole('button', { name: action }).isDisabled()).toBe(true)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'sim-being-prepared-360')

    const tester = await session.page({ viewport: MOBILE })
    let sim = await courier(tester, reference)
    await sim.getByLabel('Tracking reference').fill('SBX-E2E-38')
    await sim.getByRole('button', { name: 'Dispatch', exact: true }).click()
    await sim.getByRole('button', { name: 'Delivered: RICA verified' }).waitFor()

    await page.reload()
    await expect.poll(() => currentStep(page).innerText()).toMatch(/^On its way/)
    await currentStep(page).getByText('SBX-E2E-38', { exact: true }).waitFor()
    expect(await detail(page, 'ICCID').innerText()).toMatch(/^8927\d{15,16}$/)
    await screenshot(page, 'sim-on-its-way-360')

    sim = await courier(tester, reference)
    await sim.getByRole('button', { name: 'Delivered: RICA verified' }).click()
    // The storefront's outbox asks the network for the activation; the network's event brings the number.
    await expect
      .poll(
        async () => {
          await page.reload()
          await page.getByRole('heading', { level: 1, name: 'Service' }).waitFor()
          return detail(page, 'Status').innerText()
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(/^Active/)
    const number = page.getByText(/^0[6-8]\d{8}$/).first()
    await number.waitFor()
    await page.getByText('Sandbox network: test number, not a real one').first().waitFor()
    expect(await yourSim(page).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Upgrade/Downgrade' }).isDisabled()).toBe(false)
    await screenshot(page, 'sim-active-360')

    await page.goto('/services')
    await page
      .getByRole('row')
      .filter({ hasText: await number.innerText().catch(() => '') })
      .getByText('Active', { exact: true })
      .waitFor()
  })

  test('RICA failed at delivery: the customer is told why and what happens next, online and offline (1280 px)', { timeout: 90_000 }, async () => {
    const context = await session.context({ viewport: DESKTOP })
    const page = await session.page({ viewport: DESKTOP })
    const { reference } = await paidSim(page)
    await controlledByWorker(page)
    const serviceUrl = page.url()

    const tester = await session.page({ viewport: DESKTOP })
    let sim = await courier(tester, reference)
    await sim.getByRole('button', { name: 'Dispatch', exact: true }).click()
    sim = await courier(tester, reference)
    await sim.getByLabel('Reason').selectOption({ label: 'No valid proof of address' })
    await sim.getByRole('button', { name: 'Delivered: RICA failed' }).click()
    await sim.getByRole('button', { name: 'Dispatch again (attempt 2)' }).waitFor()
    await tester.close()

    await page.goto(serviceUrl)
    await expect.poll(() => currentStep(page).innerText()).toMatch(/^RICA at delivery \(Failed\)/)
    await detail(page, 'Status').getByText('RICA failed').waitFor()
    await yourSim(page).getByText('The proof of address was missing or older than three months.').waitFor()
    await yourSim(page)
      .getByText(/^What happens next: we will arrange a second delivery\./)
      .waitFor()
    await page.getByRole('region', { name: 'Have this ready for RICA' }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'sim-rica-failed-1280')

    // Offline, the last known state stays, with when it was last heard of.
    await context.setOffline(true)
    await page.waitForFunction(() => !navigator.onLine)
    await page.reload()
    await expect.poll(() => currentStep(page).innerText()).toMatch(/^RICA at delivery \(Failed\)/)
    await yourSim(page)
      .getByText(/^Last checked /)
      .waitFor()
    await screenshot(page, 'sim-rica-failed-offline-1280')
    await context.setOffline(false)
  })
})
