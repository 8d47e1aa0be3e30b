import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { doubleCharge, requestsTo } from '../../server/helpers/payments.ts'
import { API_KEY, expectProfile, signUp, uniqueEmail } from '../accounts.ts'
import { DESKTOP, screenshot, useBrowser } from '../browser.ts'
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

describe('finance and a double charge', () => {
  it('refunds it once for a double click: one refund at the provider, the customer mailed and shown it on the order page', async () => {
    const origin = staffOrigin(server)
    // The customer signs up in the storefront and pays one order twice (a card payment left at the bank's page goes
    // through after a second checkout paid the order).
    const customer = await session.page({ baseURL: origin, viewport: DESKTOP })
    const email = uniqueEmail()
    await signUp(customer, email)
    await expectProfile(customer)
    const { user } = await customer.evaluate(async (key) => (await fetch('/api/auth/session', { headers: { Key: key } })).json(), API_KEY)
    const cookie = (await customer.context().cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ')
    const { order } = await doubleCharge(requestsTo(origin), { id: user.id, cookie }, { key: API_KEY })
    // Rand as the storefront writes it (R299), in the staff app too.
    const total = `R${order.total_price}`
    const staffTotal = total

    // Finance opens the refunds queue: the payment owed back is there.
    const page = await staffPage(server, 'finance', session)
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /Refunds/ })
      .click()
    await expect.poll(() => page.url()).toBe(`${origin}/staff/payments`)
    const row = page.getByRole('row').filter({ hasText: order.number })
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain(staffTotal)
    await expect.poll(() => row.textContent()).toContain('Paid on a replaced checkout')
    await screenshot(page, 'staff-payments')

    // The dialog: what remains prefilled; the reason chosen; a double click on the refund button.
    await row.getByRole('button', { name: `Refund order ${order.number}` }).click()
    const dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Amount (rand)').inputValue()).toBe(order.total_price.toFixed(2))
    await dialog.getByLabel('Reason').selectOption({ label: 'Duplicate payment' })
    await dialog.getByLabel('Note (kept in the audit log)').fill('Paid twice: the bank page and a second checkout')
    await screenshot(page, 'staff-payments-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: `Refund ${staffTotal}` }).dblclick()
    const done = page.getByRole('status').filter({ hasText: 'was refunded' })
    await done.waitFor({ timeout: 15_000 })
    expect(await done.textContent()).toContain(`${staffTotal} of order ${order.number} was refunded. The customer has been mailed.`)
    await expect.poll(() => page.getByText('Nothing is owed back.').count()).toBe(1)
    await screenshot(page, 'staff-payments-refunded')

    // The provider sandbox shows one refund of the payment; the database one refund row.
    const sandbox = (await (await fetch(`${origin}/sandbox/payments/refunds?merchantTransactionId=${encodeURIComponent(order.number)}`)).json()) as {
      refunds: Array<{ refunded: boolean; amount: string }>
    }
    expect(sandbox.refunds).toEqual([expect.objectContaining({ refunded: true, amount: order.total_price.toFixed(2) })])
    expect(await server.db.query(`select r.id from refunds r join orders o on o.id = r.order_id where o.order_number = $1`, [order.number])).toHaveLength(1)

    // The customer's mail (the sandbox mailbox) and order page say so.
    await expect
      .poll(async () => (await (await fetch(`${origin}/sandbox/mail?address=${encodeURIComponent(email)}`)).text()).includes(`We refunded ${total}`), {
        timeout: 15_000,
      })
      .toBe(true)
    const mailbox = await (await fetch(`${origin}/sandbox/mail?address=${encodeURIComponent(email)}`)).text()
    expect(mailbox).toContain('you paid for this order twice')
    await customer.goto(`/orders/${order.id}`)
    const refunds = customer.getByRole('region', { name: 'Refunds' })
    await refunds.waitFor()
    await expect.poll(() => refunds.textContent()).toContain(`${total} refunded`)
    expect(await refunds.textContent()).toContain('You paid for this order twice')
    await screenshot(customer, 'order-refunded')
  })
})
