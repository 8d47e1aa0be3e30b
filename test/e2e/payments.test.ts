import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { API_KEY, expectProfile, expectToast, placeUnpaidOrder, signUp, uniqueEmail, type Placed } from './accounts.ts'
import { controlledByWorker } from './portal.ts'

const session = useBrowser()

/** A signed-up customer with one unpaid order (the order flow has its own tests). */
async function customerWithOrder(page: Page): Promise<Placed> {
  await signUp(page, uniqueEmail())
  await expectProfile(page)
  return placeUnpaidOrder(page)
}

/** The customer's payment records as the server holds them. */
async function payments(page: Page, customerId: number): Promise<{ order_id: number; status: string }[]> {
  return page.evaluate(
    async ({ key, customerId }) =>
      (await (await fetch(`/api/v2/billing/partner/payments/${customerId}`, { headers: { Key: key }, cache: 'no-store' })).json()).payments,
    { key: API_KEY, customerId },
  )
}

/** From the order page, as a customer goes: "PAY FOR ORDER" to the payment page. */
async function openPayment(page: Page, order: Placed): Promise<void> {
  await page.goto(`/orders/${order.id}`)
  await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor()
  await page.getByRole('link', { name: 'PAY FOR ORDER' }).click()
  await page.waitForURL((url) => url.pathname.startsWith(`/payment/${order.id}`))
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor()
  await page.getByText('Paying with:').waitFor()
}

async function openCardForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay with Credit Card' }).click()
  await page.getByRole('heading', { level: 1, name: 'Insert Your Card Details' }).waitFor()
  await page.getByLabel('Card Number').waitFor()
}

async function payByCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card Number').fill(number)
  await page.getByLabel('Expiry Date').fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
  await page.getByLabel('Card holder').fill('Thandi Nkosi')
  await page.getByLabel('CVV').fill('123')
  await page.getByRole('button', { name: 'Pay now' }).click()
}

async function expectOutcome(page: Page, title: string, description: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/payment_status/'))
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 })
  await page.getByText(description, { exact: true }).waitFor()
}

async function expectPaidOrder(page: Page, order: Placed): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor()
  await page.getByText('Queued for delivery').first().waitFor()
  expect(await page.getByRole('link', { name: 'PAY FOR ORDER' }).count()).toBe(0)
}

describe('paying for an order', () => {
  test('a card that succeeds ends on "Payment Successful"; a reload leaves one payment; the order is paid', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    await page.getByText(order.number).waitFor()
    await page.getByText('R299').first().waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'payment-360')

    await openCardForm(page)
    expect(await horizontalOverflow(page)).toBe(0)
    await page.getByLabel('Card Number').fill('4200000000000001')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await page.getByText('Invalid card number').waitFor()
    await screenshot(page, 'payment-widget-360')

    await payByCard(page, '4200000000000000')
    await expectOutcome(page, 'Payment Successful', "Request successfully processed in 'Merchant in Integrator Test Mode'")
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'payment-status-successful-360')

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()
    const second = await session.page()
    await second.goto(page.url())
    await second.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()
    expect(await payments(page, order.customerId)).toEqual([expect.objectContaining({ order_id: order.id, status: 'success' })])

    await page.getByRole('link', { name: 'Back to Order Page' }).click()
    await expectPaidOrder(page, order)
    expect(session.problems.errors).toEqual([])
  })

  test('a paid order offers its printable tax invoice: "Tax Invoice", the seller and its VAT number, the VAT inside the total', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await page.goto(`/orders/${order.id}`)
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor()
    // Unpaid, the order has no invoice yet.
    expect(await page.getByRole('link', { name: 'Tax invoice' }).count()).toBe(0)
    await openPayment(page, order)
    await openCardForm(page)
    await payByCard(page, '4200000000000000')
    await expectOutcome(page, 'Payment Successful', "Request successfully processed in 'Merchant in Integrator Test Mode'")
    await page.getByRole('link', { name: 'Back to Order Page' }).click()
    await expectPaidOrder(page, order)

    await page.getByRole('link', { name: 'Tax invoice' }).click()
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}/invoice`)
    const invoice = page.getByRole('region', { name: 'Tax invoice' })
    await invoice.getByRole('heading', { name: 'Tax Invoice' }).waitFor()
    await invoice.getByText(order.number.replace('SO-', 'INV-')).waitFor()
    await invoice.getByText('Seed Storefront (Pty) Ltd').waitFor()
    await invoice.getByText('VAT number: 4000000000').waitFor()
    // R299 including VAT: R299 × 15/115 = R39 of VAT, R260 without it.
    const vatRow = invoice.getByRole('row', { name: /VAT at 15%/ })
    expect(await vatRow.textContent()).toContain('R39')
    expect(await invoice.getByRole('row', { name: /Total excluding VAT/ }).textContent()).toContain('R260')
    expect(await invoice.getByRole('row', { name: /Total including VAT/ }).textContent()).toContain('R299')
    await invoice.getByRole('button', { name: 'Print' }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'tax-invoice-360')

    // Printed, only the invoice shows: the app's header and the buttons are left out.
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header').first().isVisible()).toBe(false)
    expect(await invoice.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    expect(await invoice.getByRole('heading', { name: 'Tax Invoice' }).isVisible()).toBe(true)
    await page.emulateMedia({ media: 'screen' })
    expect(session.problems.errors).toEqual([])
  })

  test('a 3-D Secure card pays after the customer approves the challenge', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    await openCardForm(page)
    await payByCard(page, '4000000000000002')
    await page.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'payment-3ds-360')
    await page.getByRole('button', { name: 'Approve' }).click()
    await expectOutcome(page, 'Payment Successful', 'Transaction succeeded')
    await page.getByRole('link', { name: 'Back to Order Page' }).click()
    await expectPaidOrder(page, order)
  })

  test('a payment that went through after another tab paid the order says it will be refunded, never "Payment Successful", in three languages', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    // This tab starts a 3-D Secure payment and leaves the bank's page open.
    await openPayment(page, order)
    await openCardForm(page)
    await payByCard(page, '4000000000000002')
    await page.getByRole('heading', { level: 1, name: '3-D Secure verification' }).waitFor()
    // Another tab pays the order with a new checkout (the first one, under way, is replaced).
    const other = await session.page()
    await openPayment(other, order)
    await openCardForm(other)
    await payByCard(other, '4200000000000000')
    await expectOutcome(other, 'Payment Successful', "Request successfully processed in 'Merchant in Integrator Test Mode'")
    // Back in the first tab, the bank's check is approved: the money is taken a second time.
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/payment_status/'))
    const result = page.getByRole('region', { name: 'Payment result' })
    await page.getByRole('heading', { level: 1, name: 'Payment Will Be Refunded' }).waitFor({ timeout: 15_000 })
    await result.getByText('This order was already paid, so you paid twice. The extra payment will be refunded to your card.', { exact: true }).waitFor()
    expect(await page.getByText('Payment Successful').count()).toBe(0)
    expect(await page.getByText('Transaction succeeded').count()).toBe(0)
    expect(await horizontalOverflow(page)).toBe(0)
    console.log(`[e2e] ${await screenshot(page, 'payment-status-paid-twice-360')}`)
    // Both payments are on record at the server (the second flagged for refund there).
    expect((await payments(page, order.customerId)).filter((p) => p.order_id === order.id)).toHaveLength(2)
    for (const [from, option, heading, text] of [
      [
        'Language',
        'XH',
        'Intlawulo iza kubuyiselwa',
        'Le odolo ibisele ihlawulwe, ngoko uhlawule kabini. Intlawulo eyongezelelweyo iza kubuyiselwa kwikhadi lakho.',
      ],
      [
        'Ulwimi',
        'AF',
        'Betaling sal terugbetaal word',
        'Hierdie bestelling was reeds betaal, so jy het twee keer betaal. Die ekstra betaling sal na jou kaart terugbetaal word.',
      ],
    ] as const) {
      await page.getByRole('banner').getByRole('combobox', { name: from }).selectOption({ label: option })
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await page.getByText(text, { exact: true }).waitFor()
      console.log(`[e2e] ${await screenshot(page, `payment-status-paid-twice-${option.toLowerCase()}-360`)}`)
    }
  })

  test('a pending card shows "Payment Pending" and can be checked again', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    await openCardForm(page)
    await payByCard(page, '4000000000000200')
    await expectOutcome(page, 'Payment Pending', 'transaction pending')
    await screenshot(page, 'payment-status-pending-360')
    await page.getByRole('button', { name: 'Check again' }).click()
    await page.getByRole('heading', { level: 1, name: 'Payment Pending' }).waitFor()
    expect(await payments(page, order.customerId)).toEqual([])
    await page.getByRole('link', { name: 'Back to Order Page' }).click()
    await page.getByRole('link', { name: 'PAY FOR ORDER' }).waitFor()
  })

  test('a rejected card shows "Payment Failed" with the description and the order stays unpaid', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    await openCardForm(page)
    await payByCard(page, '4000000000000051')
    await expectOutcome(page, 'Payment Failed', 'transaction declined (invalid card)')
    await screenshot(page, 'payment-status-failed-360')
    expect(await payments(page, order.customerId)).toEqual([])
    await page.getByRole('link', { name: 'Try again' }).click()
    await page.getByRole('button', { name: 'Pay with Credit Card' }).waitFor()
  })

  test('Google Pay pays the order; a cancelled sheet charges nothing', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    const googlePay = page.getByRole('button', { name: /Google Pay/ })
    await googlePay.click()
    const sheet = page.getByRole('dialog', { name: /Google Pay/ })
    await sheet.waitFor()
    await screenshot(page, 'payment-google-pay-sheet-360')
    await sheet.getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('Google Pay was cancelled. Nothing was charged; choose how to pay.').waitFor()
    expect(await payments(page, order.customerId)).toEqual([])

    await googlePay.click()
    await page
      .getByRole('dialog', { name: /Google Pay/ })
      .getByRole('button', { name: 'Pay' })
      .click()
    await expectToast(page, 'Payment successful.')
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`)
    await expectPaidOrder(page, order)
    expect(await payments(page, order.customerId)).toEqual([expect.objectContaining({ order_id: order.id, status: 'success' })])
  })

  test('a Google Pay charge that went through after another tab paid the order by card says it will be refunded, never "Payment successful."', async () => {
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    // This tab's Google Pay request is held while another tab pays the order by card. The race itself happens inside
    // the server (between its payable check and the in-process sandbox's charge), where a browser cannot hold it: the
    // held request is answered with what the server answers for it (test/server/payments/payments.wallet.test.ts).
    const context = await session.context()
    const walletUrl = '**/api/v8/partner/billing/payment/'
    let held!: () => void
    const charging = new Promise<void>((resolve) => (held = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await context.route(walletUrl, async (route) => {
      held()
      await released
      await route.fulfill({
        status: 200,
        json: {
          status: 200,
          result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
          order_id: order.id,
          order_number: order.number,
          payment_id: 'e2e-wallet-charge',
          recorded: 'paid_twice',
        },
      })
    })
    await page.getByRole('button', { name: /Google Pay/ }).click()
    await page
      .getByRole('dialog', { name: /Google Pay/ })
      .getByRole('button', { name: 'Pay' })
      .click()
    await charging
    const other = await session.page()
    await openPayment(other, order)
    await openCardForm(other)
    await payByCard(other, '4200000000000000')
    await expectOutcome(other, 'Payment Successful', "Request successfully processed in 'Merchant in Integrator Test Mode'")
    release()
    const result = page.getByRole('region', { name: 'Payment result' })
    await result.getByRole('heading', { level: 2, name: 'Payment Will Be Refunded' }).waitFor({ timeout: 15_000 })
    await context.unroute(walletUrl)
    await result.getByText('This order was already paid, so you paid twice. The extra payment will be refunded to your card.', { exact: true }).waitFor()
    expect(await page.getByText('Payment successful.').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe(`/payment/${order.id}`)
    expect(await horizontalOverflow(page)).toBe(0)
    console.log(`[e2e] ${await screenshot(page, 'payment-google-pay-paid-twice-360')}`)
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'XH' })
    // The region's name is translated too: found by its heading and words now.
    await page.getByRole('heading', { level: 2, name: 'Intlawulo iza kubuyiselwa' }).waitFor()
    await page
      .getByText('Le odolo ibisele ihlawulwe, ngoko uhlawule kabini. Intlawulo eyongezelelweyo iza kubuyiselwa kwikhadi lakho.', { exact: true })
      .waitFor()
    console.log(`[e2e] ${await screenshot(page, 'payment-google-pay-paid-twice-xh-360')}`)
    await page.getByRole('banner').getByRole('combobox', { name: 'Ulwimi' }).selectOption({ label: 'EN' })
    await result.getByRole('link', { name: 'Back to Order Page' }).click()
    await expectPaidOrder(page, order)
  })

  test('offline the payment page says it needs a connection, and is ready again online', async () => {
    const context = await session.context()
    const page = await session.page()
    const order = await customerWithOrder(page)
    await page.goto(`/orders/${order.id}`)
    await page.getByRole('link', { name: 'PAY FOR ORDER' }).waitFor()
    // Offline, the payment page's code comes from the worker's cache: a page it does not control yet (the first visit,
    // moments after a sign-up that the tests' scrypt cost makes quick) would load it from the network, as a phone would.
    await controlledByWorker(page)
    await context.setOffline(true)
    await page.waitForFunction(() => !navigator.onLine)
    await page.getByRole('link', { name: 'PAY FOR ORDER' }).click()
    await page.getByText(/Payment needs a connection/).waitFor()
    expect(await page.getByRole('button', { name: 'Pay with Credit Card' }).isDisabled()).toBe(true)
    await page.getByText(order.number).waitFor()
    await screenshot(page, 'payment-offline-360')
    await context.setOffline(false)
    await expect.poll(() => page.getByRole('button', { name: 'Pay with Credit Card' }).isEnabled(), { timeout: 15_000 }).toBe(true)
  })

  test('a card form that cannot load says "Unable to load script" and loads on retry', async () => {
    const context = await session.context()
    const page = await session.page()
    const order = await customerWithOrder(page)
    await openPayment(page, order)
    await context.route('**/sandbox/payments/v1/paymentWidgets.js*', (route) => route.abort())
    await page.getByRole('button', { name: 'Pay with Credit Card' }).click()
    await page.getByText('Unable to load script').waitFor()
    await screenshot(page, 'payment-widget-failed-360')
    await context.unroute('**/sandbox/payments/v1/paymentWidgets.js*')
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByLabel('Card Number').waitFor()
    // The reload of the widget page keeps the checkout: the form comes back.
    await page.reload()
    await page.getByLabel('Card Number').waitFor()
    session.problems.errors.length = 0
  })

  test('an order that does not exist cannot be paid and says so', async () => {
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await page.goto('/payment/999999/')
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor()
    await page
      .getByText(/not found|could not be found/i)
      .first()
      .waitFor()
    await screenshot(page, 'payment-not-found-360')
  })
})
