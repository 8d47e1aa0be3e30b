import { randomBytes, randomUUID } from 'node:crypto'
import { sealNotification } from '../../../server/payments/notifications.ts'
import { apiKey } from './accounts.ts'
import type { TestApp } from './accounts.ts'
import { orderBody, postOrder } from './orders.ts'
import { sandboxCardMethod, sandboxToken } from '../../../src/sandboxes/googlePay/paymentData.ts'

export const SUCCESS_CARD = '4200000000000000'
export const THREE_DS_CARD = '4000000000000002'
export const PENDING_CARD = '4000000000000200'
export const REJECTED_CARD = '4000000000000051'

const headers = (cookie: string, extra: Record<string, string> = {}) => ({ Key: apiKey, 'Content-Type': 'application/json', Cookie: cookie, ...extra })

/** A new unpaid order of the customer, as the server answered it. */
export async function unpaidOrder(app: TestApp, me: { id: number; cookie: string }) {
  const res = await postOrder(app, me.id, orderBody(), { cookie: me.cookie })
  if (res.status !== 200) throw new Error(`order failed with ${res.status}`)
  return (await res.json()) as { id: number; number: string; total_price: number; status: string }
}

export function postCheckout(app: TestApp, me: { id: number; cookie: string }, body: unknown, userId = me.id) {
  return app.request(`/api/v2/billing/partner/checkout/${userId}`, { method: 'POST', headers: headers(me.cookie), body: JSON.stringify(body) })
}

/** A card checkout for a new unpaid order of the customer, paid in the sandbox with `card` when given (the browser never asking how it went). */
export async function openCheckout(app: TestApp, me: { id: number; cookie: string }, card?: string) {
  const order = await unpaidOrder(app, me)
  const created = await postCheckout(app, me, { payment: { orderId: order.id } })
  if (created.status !== 200) throw new Error(`checkout failed with ${created.status}`)
  const { checkoutId } = (await created.json()) as { checkoutId: string }
  if (card) await payWithCard(app, checkoutId, card)
  return { order, checkoutId }
}

export function getStatus(app: TestApp, me: { id: number; cookie: string }, checkoutId: string, userId = me.id) {
  return app.request(`/api/v2/billing/partner/checkout/${userId}/${encodeURIComponent(checkoutId)}/payment`, { headers: headers(me.cookie) })
}

/** What the card widget posts to the provider (sandbox) for a checkout; answers where the browser goes next. */
export async function payWithCard(app: TestApp, checkoutId: string, number: string): Promise<string> {
  const form = new URLSearchParams({
    'card.number': number,
    'card.holder': 'Thandi Nkosi',
    'card.expiryMonth': '12',
    'card.expiryYear': String(new Date().getFullYear() + 3),
    'card.cvv': '123',
    paymentBrand: number.startsWith('5') ? 'MASTER' : number.startsWith('6') ? 'DISCOVER' : 'VISA',
    shopperResultUrl: `http://localhost/payment_status/${checkoutId}`,
  })
  const res = await app.request(`/sandbox/payments/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
  if (res.status !== 200) throw new Error(`card payment failed with ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { redirect: { url: string } }).redirect.url
}

/** Google Pay's answer as the sandbox sheet gives it (without the shopper's email and address). */
export function googlePayData(outcome: 'approve' | 'decline' = 'approve') {
  return { apiVersion: 2, apiVersionMinor: 0, paymentMethodData: sandboxCardMethod(sandboxToken(outcome)) }
}

export function postWallet(app: TestApp, me: { id: number; cookie: string }, body: unknown, key: string | null = randomUUID()) {
  return app.request('/api/v8/partner/billing/payment/', {
    method: 'POST',
    headers: headers(me.cookie, key === null ? {} : { 'Idempotency-Key': key }),
    body: JSON.stringify(body),
  })
}

export const walletBody = (me: { id: number }, order: { id: number; total_price: number }, outcome: 'approve' | 'decline' = 'approve') => ({
  payment: { amount: order.total_price.toFixed(10), orderId: order.id, type: 'cash' },
  user_id: me.id,
  paymentData: googlePayData(outcome),
})

/** Anything requests can be sent to: a test app, or an instance's (or a balancer's) URL through fetch. */
export interface Requests {
  request(path: string, init?: RequestInit): Response | Promise<Response>
}

/** Requests to a running server's origin. */
export const requestsTo = (origin: string): Requests => ({ request: (path, init) => fetch(`${origin}${path}`, init) })

/**
 * A customer charged twice for one order, as it happens: a card payment waits at the bank's 3-D Secure page while the
 * customer starts again and pays with a new checkout; then the first is approved too. The status call records it
 * refund_due. Answers the order, the payment owed back (our payment record's id) and the provider's id of it.
 */
export async function doubleCharge(
  app: Requests,
  me: { id: number; cookie: string },
  { lines, key = apiKey }: { lines?: Parameters<typeof orderBody>[0]; key?: string } = {},
) {
  const send = (path: string, init: RequestInit = {}) =>
    Promise.resolve(app.request(path, { ...init, headers: { ...headers(me.cookie), Key: key, ...(init.headers as Record<string, string> | undefined) } }))
  const body = orderBody(lines)
  const placed = await send(`/api/v10/partner/order/${me.id}`, { method: 'POST', headers: { 'Idempotency-Key': body.order.id }, body: JSON.stringify(body) })
  if (placed.status !== 200) throw new Error(`order failed with ${placed.status}`)
  const order = (await placed.json()) as { id: number; number: string; total_price: number }
  const checkout = async () => {
    const res = await send(`/api/v2/billing/partner/checkout/${me.id}`, { method: 'POST', body: JSON.stringify({ payment: { orderId: order.id } }) })
    if (res.status !== 200) throw new Error(`checkout failed with ${res.status}`)
    return ((await res.json()) as { checkoutId: string }).checkoutId
  }
  const status = async (checkoutId: string) => {
    const res = await send(`/api/v2/billing/partner/checkout/${me.id}/${encodeURIComponent(checkoutId)}/payment`)
    return (await res.json()) as { recorded?: string }
  }
  const first = await checkout()
  const bank = await payWithCard(app as TestApp, first, THREE_DS_CARD)
  const second = await checkout()
  await payWithCard(app as TestApp, second, SUCCESS_CARD)
  if ((await status(second)).recorded !== 'paid') throw new Error('the second checkout did not pay the order')
  const approved = await app.request(new URL(bank).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    // The bank sends the shopper's browser on to the shop's page: not followed, as the test app does not.
    redirect: 'manual',
  })
  if (approved.status !== 303) throw new Error(`the bank's approval answered ${approved.status}`)
  const recorded = (await status(first)).recorded
  if (recorded !== 'paid_twice') throw new Error(`the first checkout's payment was recorded ${recorded}`)
  return { order, checkoutId: first }
}

/**
 * The card provider's webhook notification of a card payment of `order` through `checkoutId`, sealed with key as the
 * provider seals it (AES-256-GCM): a success unless `result` says otherwise.
 */
export function sealedCardPayment(
  key: Buffer,
  order: { number: string; total_price: number },
  checkoutId: string,
  {
    result = { code: '000.000.000', description: 'Transaction succeeded' },
    card,
  }: { result?: { code: string; description: string }; card?: Record<string, string> } = {},
) {
  return sealNotification(key, {
    type: 'PAYMENT',
    payload: {
      id: randomBytes(16).toString('hex'),
      paymentType: 'DB',
      paymentBrand: 'VISA',
      amount: order.total_price.toFixed(2),
      currency: 'ZAR',
      merchantTransactionId: order.number,
      ndc: checkoutId,
      result,
      ...(card ? { card } : {}),
    },
  })
}
