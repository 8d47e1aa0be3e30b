import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { InvoiceSchema } from '../../../src/domain/invoice.ts'
import { vatInclusiveCents } from '../../../src/domain/money.ts'
import { createApp } from '../../../server/app.ts'
import type { Seller } from '../../../server/orders/seller.ts'
import { silentLogger } from '../../../server/log.ts'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import type { CardPayments } from '../../../server/payments/cardProviderFor.ts'
import { paymentWebhookPath } from '../../../server/payments/notifications.ts'
import { reconcileOnce } from '../../../server/payments/reconcile.ts'
import { countPayments, recordPaymentOnce } from '../../../server/payments/recordPayment.ts'
import { seed } from '../../../server/seed/seed.ts'
import { apiKey, mailsTo, outboxTo, signUp, testScryptN } from '../helpers/accounts.ts'
import type { Customer, TestApp } from '../helpers/accounts.ts'
import { cartLine, orderBody, postOrder } from '../helpers/orders.ts'
import { getStatus, payWithCard, postCheckout, SUCCESS_CARD, sealedCardPayment } from '../helpers/payments.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

const seller: Seller = { name: 'Umoya Connect (Pty) Ltd', address: '12 Long Street, Cape Town, 8001', vatNumber: '4123456789' }
const partner = { id: 1, comments: '', agent_email: 'agent@example.co.za' }

let t: TestDb
let app: TestApp
let payments: CardPayments
const webhookKey = randomBytes(32)

beforeAll(async () => {
  t = await openTestDb()
  await seed(t.db)
  // The sandbox's own notifications are off: the test sends the provider's by hand, after the return has recorded the payment.
  payments = cardProviderFor({ kind: 'sandbox' }, t.db, { webhookKey: webhookKey.toString('hex'), sandboxWebhooks: false })
  app = createApp({
    db: t.db,
    config: { apiKey, scryptN: testScryptN, trustProxy: true, paymentWebhookKey: webhookKey.toString('hex'), sandboxWebhooks: false, seller },
    cardPayments: payments,
  })
}, startupTimeout)
afterAll(() => t.drop())

/** An order placed by `me` while the app shows `language`, with the given lines. */
async function placeOrder(me: Customer, lines = [cartLine(1)], language = 'en') {
  const res = await postOrder(app, me.id, orderBody(lines), { cookie: `${me.cookie}; lang=${language}` })
  expect(res.status).toBe(200)
  return (await res.json()) as { id: number; number: string; total_price: number }
}

/** Pays the order with a card in the sandbox; the customer's browser is not back yet, so nothing is recorded. */
async function payByCard(me: Customer, orderId: number) {
  const created = await postCheckout(app, me, { payment: { orderId } })
  expect(created.status).toBe(200)
  const { checkoutId } = (await created.json()) as { checkoutId: string }
  await payWithCard(app, checkoutId, SUCCESS_CARD)
  return checkoutId
}

const invoiceOf = (me: Customer, orderId: number) => app.request(`/api/v2/partner/order/${orderId}/invoice`, { headers: { Key: apiKey, Cookie: me.cookie } })

describe('the receipt mail', () => {
  it('is queued once for a payment recorded by the return, then reported again by the webhook and found again by the reconciler', async () => {
    // The customer signed up in isiXhosa; the order comes from a device showing English: the account's language wins.
    const me = await signUp(app, {}, { language: 'xh' })
    const order = await placeOrder(me, [cartLine(1)], 'en')
    const checkoutId = await payByCard(me, order.id)

    // The customer's browser returns: the payment is recorded.
    expect((await getStatus(app, me, checkoutId)).status).toBe(200)
    expect(await countPayments(t.db, order.id)).toBe(1)

    // The provider's webhook reports the same payment.
    const sealed = sealedCardPayment(webhookKey, order, checkoutId, {
      card: { bin: '420000', last4Digits: '0000', holder: 'Thandi Nkosi', expiryMonth: '12', expiryYear: '2030' },
    })
    const notified = await app.request(paymentWebhookPath, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body: sealed.body,
    })
    expect(await notified.json()).toEqual({ received: true, outcome: 'known' })

    // A reconciler that took the checkout before the return settled it asks the provider, and records it again.
    await t.db.query("update checkouts set settled_at = null, next_check_at = now() - interval '1 minute' where id = $1", [checkoutId])
    expect(await reconcileOnce({ db: t.db, provider: payments.provider, partner, network: 'sandbox', log: silentLogger, leftOpenAfterMs: 0 })).toEqual({
      asked: 1,
      recorded: 0,
      refundsSettled: 0,
    })
    expect((await t.db.query<{ settled: boolean }>('select settled_at is not null as settled from checkouts where id = $1', [checkoutId]))[0]?.settled).toBe(
      true,
    )

    expect(await countPayments(t.db, order.id)).toBe(1)
    expect(await outboxTo(t.db, me.email, 'receipt')).toHaveLength(1)
    const [receipt] = await mailsTo(t.db, me.email, 'receipt')
    // In the customer's account language, with the order number, the amount and the card.
    expect(receipt?.language).toBe('xh')
    expect(receipt?.subject).toContain(order.number)
    expect(receipt?.text).toContain('R299')
    expect(receipt?.text).toContain('VISA •••• 0000')
    expect(receipt?.text).toContain('4G Uncapped 10Mbps')
  })

  it('is not queued for a payment that paid nothing (a second payment of a paid order)', async () => {
    const me = await signUp(app)
    const order = await placeOrder(me)
    expect((await getStatus(app, me, await payByCard(me, order.id))).status).toBe(200)
    const secondPayment = {
      method: 'wallet' as const,
      checkoutId: null,
      orderId: order.id,
      orderNumber: order.number,
      amount: order.total_price,
      currency: 'ZAR',
      payment: { id: randomBytes(16).toString('hex'), paymentBrand: 'GOOGLEPAY', result: { code: '000.000.000', description: 'Transaction succeeded' } },
      partner,
      network: 'sandbox' as const,
    }
    expect(await recordPaymentOnce(t.db, secondPayment, silentLogger)).toBe('refund_due')
    expect(await countPayments(t.db, order.id)).toBe(2)
    expect(await outboxTo(t.db, me.email, 'receipt')).toHaveLength(1)
  })
})

describe('GET /api/v2/partner/order/{order_id}/invoice', () => {
  it("answers the owner's paid order with the seller, the customer, grouped lines and the VAT inside the total, to the cent", async () => {
    const me = await signUp(app)
    const order = await placeOrder(me, [cartLine(1), cartLine(2), cartLine(1)])
    await getStatus(app, me, await payByCard(me, order.id))
    const res = await invoiceOf(me, order.id)
    expect(res.status).toBe(200)
    const invoice = v.parse(InvoiceSchema, await res.json())
    expect(invoice).toMatchObject({
      invoiceNumber: order.number.replace('SO-', 'INV-'),
      orderNumber: order.number,
      seller,
      customer: { name: 'Thandi Nkosi', email: me.email },
      lines: [
        { description: '4G Uncapped 10Mbps', quantity: 2, unitPrice: 299, amount: 598 },
        { description: '4G Uncapped 20Mbps', quantity: 1, unitPrice: 399, amount: 399 },
      ],
      // R997 including VAT: R997 × 15/115 = R130.0434…, so R130.04 VAT and R866.96 without it.
      total: 997,
      vat: 130.04,
      totalExcludingVat: 866.96,
      vatPercent: 15,
    })
    expect(invoice.customer.address).toEqual(['4 2 Harbour View', '12 Long Street', 'Cape Town City Centre', 'Cape Town 8001', 'Western Cape', 'South Africa'])
    expect(Date.parse(invoice.issuedAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('refuses an unpaid order (409), another customer (403), no such order (404) and no session (401)', async () => {
    const me = await signUp(app)
    const other = await signUp(app)
    const unpaid = await placeOrder(me)
    expect((await invoiceOf(me, unpaid.id)).status).toBe(409)
    const paid = await placeOrder(me)
    await getStatus(app, me, await payByCard(me, paid.id))
    expect((await invoiceOf(me, paid.id)).status).toBe(200)
    expect((await invoiceOf(other, paid.id)).status).toBe(403)
    expect((await invoiceOf(me, 999_999_999)).status).toBe(404)
    expect((await app.request(`/api/v2/partner/order/${paid.id}/invoice`, { headers: { Key: apiKey } })).status).toBe(401)
  })
})

describe('the VAT inside a VAT-inclusive amount', () => {
  it('is 15/115 of it, rounded to the nearest cent in whole-cent arithmetic', () => {
    expect(vatInclusiveCents(29_900)).toBe(3_900)
    expect(vatInclusiveCents(99_700)).toBe(13_004)
    expect(vatInclusiveCents(100)).toBe(13)
    expect(vatInclusiveCents(8)).toBe(1)
    expect(vatInclusiveCents(3)).toBe(0)
    expect(vatInclusiveCents(0)).toBe(0)
    // Every amount up to R100: the nearest cent, never off by one from exact rational arithmetic.
    for (let cents = 0; cents <= 10_000; cents++) expect(Math.abs(vatInclusiveCents(cents) * 115 - cents * 15)).toBeLessThanOrEqual(115 / 2)
  })
})
