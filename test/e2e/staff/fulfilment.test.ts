/**
 * Fulfilment's main task in the back office, in a real Chromium with a virtual authenticator: a customer's paid order
 * waits first in the orders list; a fulfilment member dispatches its SIM (courier, tracking reference, the ICCID of the
 * SIM sent, a wrong one refused in their language and nothing typed lost) and records RICA verified at delivery; the
 * storefront asks the (sandbox) network for the activation and the customer's SIM is active with the network's number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { luhnCheckDigit } from '../../../src/domain/luhn.ts'
import type { RunningServer } from '../../../server/server.ts'
import { expectProfile, payByCard, placeUnpaidOrder, signUp, uniqueEmail } from '../accounts.ts'
import { axe } from '../axe.ts'
import { DESKTOP, MOBILE, horizontalOverflow, newContext, screenshot, useBrowser, watchProblems } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { staffOrigin, staffPage } from './staffBrowser.ts'

const session = useBrowser()
let server: RunningServer

beforeAll(async () => {
  server = await startOwnServer()
})
afterAll(async () => {
  await server?.close()
})

/** An ICCID as printed on a South African SIM: 89 27 01, a serial and its Luhn check digit (20 digits). */
function newIccid(): string {
  const body = `892701${String(Date.now()).slice(-13).padStart(13, '0')}`
  return body + luhnCheckDigit(body)
}

/** Every axe finding on the page, one line each (none expected). */
async function axeFindings(page: Page, at: string): Promise<string[]> {
  return (await axe(page)).map((f) => `${at} ${f.rule} (${f.impact}): ${f.help} — ${f.targets.slice(0, 4).join(', ')}`)
}

/** The value beside a label in a list of terms (the customer's service sidebar, the staff order's facts). */
const detail = (scope: Page | Locator, label: string): Locator =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')

describe('fulfilment in the back office', () => {
  it('dispatches a paid order waiting first and records RICA verified: the customer’s SIM is active with the network’s number', {
    timeout: 180_000,
  }, async () => {
    // The customer, in a browser of their own: signs up, orders a SIM and pays by card.
    const customerContext = await newContext(session.browser(), { baseURL: staffOrigin(server), viewport: DESKTOP })
    try {
      const customer = await customerContext.newPage()
      watchProblems(customer, session.problems)
      await signUp(customer, uniqueEmail())
      await expectProfile(customer)
      const order = await placeUnpaidOrder(customer)
      await payByCard(customer, order, '4200000000000000')
      await customer.goto(`/orders/${order.id}`)
      const customerSims = customer.getByRole('region', { name: 'Your SIMs from this order' })
      await customerSims.getByText('Being prepared', { exact: true }).waitFor()

      // Fulfilment signs in with a passkey and finds it first among the orders, waiting to be sent.
      const staff = await staffPage(server, 'fulfilment', session, { name: 'Fikile Mokoena' })
      await staff
        .getByRole('navigation')
        .getByRole('link', { name: /^Orders/ })
        .click()
      await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
      const firstRow = staff.getByRole('table').getByRole('row').nth(1)
      await expect.poll(() => firstRow.innerText()).toContain(order.number)
      expect(await firstRow.innerText()).toContain('Waiting to be sent')
      expect(await axeFindings(staff, 'orders 1280')).toEqual([])
      await screenshot(staff, 'staff-orders')
      await staff.setViewportSize(MOBILE)
      expect(await horizontalOverflow(staff)).toBe(0)
      expect(await axeFindings(staff, 'orders 360')).toEqual([])
      await screenshot(staff, 'staff-orders-360')
      await staff.setViewportSize(DESKTOP)

      // Found by its number too.
      await staff.getByLabel('Order number, email, mobile number or payment id').fill(order.number.toLowerCase())
      await staff.getByRole('button', { name: 'Show orders' }).click()
      await staff.getByRole('table', { name: `Orders matching “${order.number.toLowerCase()}”` }).waitFor()
      expect(await staff.getByRole('table').getByRole('row').count()).toBe(2)
      await staff.getByRole('link', { name: order.number }).click()
      await staff.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor()

      // A mistyped ICCID is refused (its check digit, by the server) in the member's language; what was typed stays.
      const dispatch = staff.getByRole('form', { name: 'Dispatch' })
      const iccid = newIccid()
      const wrong = `${iccid.slice(0, -1)}${(Number(iccid.slice(-1)) + 1) % 10}`
      await dispatch.getByLabel('Courier').fill('The Courier Guy')
      await dispatch.getByLabel('Tracking reference').fill('TCG-E2E-39')
      await dispatch.getByLabel('ICCID of the SIM sent').fill(wrong)
      await dispatch.getByRole('button', { name: 'Record dispatch' }).click()
      await dispatch.getByText('This ICCID’s check digit is wrong: a digit was mistyped. Check the number on the SIM card.').waitFor()
      expect(await dispatch.getByLabel('ICCID of the SIM sent').getAttribute('aria-invalid')).toBe('true')
      expect(await dispatch.getByLabel('Courier').inputValue()).toBe('The Courier Guy')
      expect(await dispatch.getByLabel('Tracking reference').inputValue()).toBe('TCG-E2E-39')
      await screenshot(staff, 'staff-orders-order-dispatch-refused')

      await dispatch.getByLabel('ICCID of the SIM sent').fill(`${iccid.slice(0, 4)} ${iccid.slice(4, 12)} ${iccid.slice(12)}`)
      await dispatch.getByRole('button', { name: 'Record dispatch' }).click()
      await staff
        .getByRole('status')
        .filter({ hasText: /^Dispatch recorded for / })
        .waitFor()
      const sims = staff.getByRole('region', { name: 'SIMs' })
      expect(await detail(sims, 'ICCID').innerText()).toBe(iccid)
      expect(await detail(sims, 'State').innerText()).toBe('On its way')
      expect(await detail(sims, 'Courier and tracking').innerText()).toBe('The Courier Guy · TCG-E2E-39')

      // The courier verified the customer's identity at the door (RICA).
      const delivery = staff.getByRole('form', { name: 'Delivery' })
      await delivery.getByRole('button', { name: 'Record delivery' }).click()
      await delivery.getByText('Choose the RICA result.').waitFor()
      await delivery.getByLabel('Verified: the customer’s identity matched').check()
      await delivery.getByRole('button', { name: 'Record delivery' }).click()
      await staff
        .getByRole('status')
        .filter({ hasText: /^Delivery recorded for / })
        .waitFor()

      // The storefront's outbox sends the activation; the sandbox network's event brings the number.
      await expect
        .poll(
          async () => {
            await staff.reload()
            await staff.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor()
            return detail(staff.getByRole('region', { name: 'SIMs' }), 'State').innerText()
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('Active')
      const number = await detail(staff.getByRole('region', { name: 'SIMs' }), 'Mobile number').innerText()
      expect(number).toMatch(/^0[6-8]\d{8}$/)
      const timeline = staff.getByRole('region', { name: 'Timeline' })
      await timeline.getByRole('listitem').filter({ hasText: 'SIM dispatched' }).getByText('Staff: Fikile Mokoena').waitFor()
      await timeline.getByRole('listitem').filter({ hasText: 'Delivered: RICA verified' }).getByText('Staff: Fikile Mokoena').waitFor()
      await timeline
        .getByRole('listitem')
        .filter({ hasText: 'Order placed' })
        .getByText(/^Customer: /)
        .waitFor()
      await timeline.getByRole('listitem').filter({ hasText: 'SIM activated' }).getByText('Network: sandbox').waitFor()
      await timeline.getByRole('listitem').filter({ hasText: 'Activation sent to the network' }).getByText('System', { exact: true }).waitFor()
      expect(await axeFindings(staff, 'order 1280')).toEqual([])
      await screenshot(staff, 'staff-orders-order')
      await staff.setViewportSize(MOBILE)
      expect(await horizontalOverflow(staff)).toBe(0)
      expect(await axeFindings(staff, 'order 360')).toEqual([])
      await screenshot(staff, 'staff-orders-order-360')
      // The same page in isiXhosa and Afrikaans, at both widths.
      for (const [language, heading] of [
        ['xh', `I-odolo ${order.number}`],
        ['af', `Bestelling ${order.number}`],
      ] as const) {
        await staff.locator('#staff-language').selectOption(language)
        await staff.getByRole('heading', { level: 1, name: heading }).waitFor()
        for (const viewport of [MOBILE, DESKTOP]) {
          await staff.setViewportSize(viewport)
          expect(await horizontalOverflow(staff)).toBe(0)
          expect(await axeFindings(staff, `order ${language} ${viewport.width}`)).toEqual([])
        }
        await screenshot(staff, `staff-orders-order-${language}`)
      }
      await staff.locator('#staff-language').selectOption('en')

      // The customer sees it on their order page: active, and on the SIM's page the network's number and the ICCID sent.
      await customer.reload()
      await customerSims.getByText('Active', { exact: true }).waitFor()
      await customerSims.getByRole('link', { name: /^View Service/ }).click()
      await customer.waitForURL((url) => url.pathname.startsWith('/service/'))
      await customer.getByText(number, { exact: true }).first().waitFor()
      expect(await detail(customer, 'ICCID').innerText()).toBe(iccid)
      await screenshot(customer, 'staff-orders-customer-sim-active')
    } finally {
      await customerContext.close()
    }
  })
})
