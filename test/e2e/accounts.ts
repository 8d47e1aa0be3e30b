/**
 * What a customer does to sign up, sign in and out, found by role and visible text.
 */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** The storefront's API key, as the app's build has it. */
export const API_KEY = process.env.API_KEY ?? 'storefront-sandbox-key'

let n = 0
// The process's id too: files running side by side (two e2e workers) each count from 1.
export const uniqueEmail = () => `thandi.${Date.now().toString(36)}.${process.pid.toString(36)}.${++n}@example.co.za`

export const person = (email: string) => ({
  'First name': 'Thandi',
  'Last name': 'Nkosi',
  'ID number': '9001015009086',
  Email: email,
  Password: 'Secret#123',
  'Phone number': '0211234567',
})
export const place = {
  'Street number': '12',
  'Street name': 'Long Street',
  'Suburb (optional)': 'Gardens',
  'City/Town': 'Cape Town',
  Province: 'Western Cape',
  'Postal Code': '8001',
}

export async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value)
}

/** Waits for a toast with exactly this text (the toaster lists them top-right). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor()
}

export async function openSignup(page: Page): Promise<void> {
  await page.goto('/signup')
  await page.getByRole('heading', { level: 1, name: 'Create an Account' }).waitFor()
}

/** Goes through both sign-up steps with valid data and submits. */
export async function signUp(page: Page, email: string): Promise<void> {
  await openSignup(page)
  await fill(page, person(email))
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('heading', { name: /Address/ }).waitFor()
  await fill(page, place)
  await page.getByRole('button', { name: 'Submit' }).click()
}

export async function expectProfile(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/profile')
  await page.getByRole('heading', { level: 1, name: 'Welcome Thandi Nkosi' }).waitFor()
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** A customer who signed up and logged out again, back on the home page; returns their email. */
export async function formerCustomer(page: Page): Promise<string> {
  const email = uniqueEmail()
  await signUp(page, email)
  await expectProfile(page)
  await logOut(page)
  await page.waitForURL((url) => url.pathname === '/')
  return email
}

export interface Placed {
  id: number
  number: string
  customerId: number
}

/** One unpaid order for the signed-in customer, made through the API the app itself calls (with the server's key). */
export async function placeUnpaidOrder(page: Page, apiKey = API_KEY): Promise<Placed> {
  return page.evaluate(async (key) => {
    const me = await (await fetch('/api/auth/session', { headers: { Key: key } })).json()
    const id = crypto.randomUUID()
    const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }
    const line = {
      cart_id: crypto.randomUUID(),
      product_id: 1,
      id: 1,
      name: '4G Uncapped 10Mbps',
      unit_price: 299,
      image: '/images/products/4g-10mbps.svg',
      product_configs: { value_adds: [], configs: [{ friendly_name: 'Home', comments: 'Free text' }] },
    }
    const body = {
      order: {
        id,
        order_lines: [line],
        total: 299,
        deliveryAddress: address,
        delivery: { type: 'scheduled', time: '', instructions: '', sales_channel: 'WEB', rica_type: 'courier' },
        partner: { id: 1, comments: 'Web storefront', agent_email: 'webstore@storefront.co.za' },
      },
    }
    const res = await fetch(`/api/v10/partner/order/${me.user.id}`, {
      method: 'POST',
      headers: { Key: key, 'Content-Type': 'application/json', 'Idempotency-Key': id },
      body: JSON.stringify(body),
    })
    const order = await res.json()
    return { id: order.id, number: order.number, customerId: me.user.id }
  }, apiKey)
}

/** Pays the order by card as the widget and the status page do, through the card provider's sandbox. */
export async function payByCard(page: Page, order: Placed, card: string): Promise<void> {
  const status = await page.evaluate(
    async ({ key, order, card }) => {
      const json = { Key: key, 'Content-Type': 'application/json' }
      const created = await (
        await fetch(`/api/v2/billing/partner/checkout/${order.customerId}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ payment: { orderId: order.id } }),
        })
      ).json()
      const form = new URLSearchParams({
        'card.number': card,
        'card.holder': 'T Cardholder',
        'card.expiryMonth': '12',
        'card.expiryYear': String(new Date().getFullYear() + 3),
        'card.cvv': '123',
        paymentBrand: 'VISA',
        shopperResultUrl: `${location.origin}/payment_status/${created.checkoutId}`,
      })
      await fetch(`/sandbox/payments/v1/checkouts/${created.checkoutId}/payment`, { method: 'POST', body: form })
      return (await fetch(`/api/v2/billing/partner/checkout/${order.customerId}/${created.checkoutId}/payment`, { headers: { Key: key } })).status
    },
    { key: API_KEY, order, card },
  )
  expect(status).toBe(200)
}
