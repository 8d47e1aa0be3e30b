import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../server/log.ts'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import { paymentWebhookPath } from '../../../server/payments/notifications.ts'
import { reconcileOnce } from '../../../server/payments/reconcile.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { doubleCharge, openCheckout, postWallet, REJECTED_CARD, sealedCardPayment, SUCCESS_CARD, unpaidOrder, walletBody } from '../helpers/payments.ts'
import { pushRowsOf, subscribeDevice } from '../helpers/push.ts'
import { staffSession, type TestStaff } from '../helpers/staff.ts'
import type { TestDb } from '../helpers/testDb.ts'

/** A customer with two devices wanting payment notifications and one wanting usage alerts only. */
async function customerWithDevices(app: TestApp, db: TestDb['db']) {
  const me = await signUp(app)
  const devices = [await subscribeDevice(db, me.id, { categories: ['payments'] }), await subscribeDevice(db, me.id, { categories: ['payments', 'services'] })]
  await subscribeDevice(db, me.id, { categories: ['usage'] })
  return { me, devices }
}

/** The worker's pass over what the customer's browser left: every checkout counts as left open. */
const reconcile = (db: TestDb['db']) =>
  reconcileOnce({
    db,
    provider: cardProviderFor({ kind: 'sandbox' }, db).provider,
    partner: { id: 1, comments: '', agent_email: 'agent@example.co.za' },
    network: 'sandbox',
    log: silentLogger,
    leftOpenAfterMs: 0,
  })

describe('payment notifications, queued where each payment is settled', () => {
  const keyHex = randomBytes(32).toString('hex')
  const env = useAccountsApp({ seeded: true, config: { sandboxWebhooks: false, paymentWebhookKey: keyHex } })
  let finance: TestStaff
  beforeAll(async () => {
    finance = await staffSession(env.t.db, 'finance')
  })
  const webhook = (sealed: { body: string; iv: string; tag: string }) =>
    env.app.request(paymentWebhookPath, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body: sealed.body,
    })

  it('a wallet payment received: one row per device wanting payments, opening the order', async () => {
    const { me, devices } = await customerWithDevices(env.app, env.t.db)
    const order = await unpaidOrder(env.app, me)
    expect((await postWallet(env.app, me, walletBody(me, order))).status).toBe(200)
    const rows = await pushRowsOf(env.t.db, me.id)
    expect(rows.map((r) => [r.kind, r.subscription_id, r.topic])).toEqual(devices.map((d) => ['payment_received', d, `order-${order.id}`]))
    expect(JSON.parse(rows[0]!.payload).notification.navigate).toMatch(new RegExp(`/orders/${order.id}$`))
    expect(JSON.parse(rows[0]!.payload).notification.body).toContain(order.number)
  })

  it('a wallet payment declined: payment_failed, once per request', async () => {
    const { me, devices } = await customerWithDevices(env.app, env.t.db)
    const order = await unpaidOrder(env.app, me)
    const key = crypto.randomUUID()
    expect((await postWallet(env.app, me, walletBody(me, order, 'decline'), key)).status).toBe(400)
    expect((await postWallet(env.app, me, walletBody(me, order, 'decline'), key)).status).toBe(400) // the retry replays the answer
    const rows = await pushRowsOf(env.t.db, me.id)
    expect(rows.map((r) => [r.kind, r.subscription_id, r.urgency])).toEqual(devices.map((d) => ['payment_failed', d, 'high']))
  })

  it('card payments the customer left: the worker records one received and settles one declined, each told once', async () => {
    const { me, devices } = await customerWithDevices(env.app, env.t.db)
    const paid = await openCheckout(env.app, me, SUCCESS_CARD)
    const declined = await openCheckout(env.app, me, REJECTED_CARD)
    await reconcile(env.t.db)
    await reconcile(env.t.db)
    expect((await pushRowsOf(env.t.db, me.id, 'payment_received')).map((r) => [r.subscription_id, r.topic])).toEqual(
      devices.map((d) => [d, `order-${paid.order.id}`]),
    )
    expect((await pushRowsOf(env.t.db, me.id, 'payment_failed')).map((r) => [r.subscription_id, r.event_key])).toEqual(
      devices.map((d) => [d, `payment-failed:checkout:${declined.checkoutId}`]),
    )
  })

  it("card payments the provider's webhook reports after the customer left: received and declined, once each", async () => {
    const { me, devices } = await customerWithDevices(env.app, env.t.db)
    const key = Buffer.from(keyHex, 'hex')
    const paid = await openCheckout(env.app, me, SUCCESS_CARD)
    const declined = await openCheckout(env.app, me, REJECTED_CARD)
    const paidNotice = sealedCardPayment(key, paid.order, paid.checkoutId)
    const declinedNotice = sealedCardPayment(key, declined.order, declined.checkoutId, {
      result: { code: '800.100.151', description: 'transaction declined (invalid card)' },
    })
    for (const notice of [paidNotice, declinedNotice, paidNotice, declinedNotice]) expect((await webhook(notice)).status).toBe(200)
    expect((await pushRowsOf(env.t.db, me.id, 'payment_received')).map((r) => r.subscription_id)).toEqual(devices)
    expect((await pushRowsOf(env.t.db, me.id, 'payment_failed')).map((r) => r.subscription_id)).toEqual(devices)
    // The worker finding the same declined checkout later tells nothing more.
    await reconcile(env.t.db)
    expect(await pushRowsOf(env.t.db, me.id, 'payment_failed')).toHaveLength(devices.length)
  })

  it('a refund made: refund_made once, opening the order', async () => {
    const { me, devices } = await customerWithDevices(env.app, env.t.db)
    const { order } = await doubleCharge(env.app, me)
    const [owed] = await env.t.db.query<{ id: number; amount: number }>(
      "select id, amount from payments where order_id = $1 and reconciliation = 'refund_due'",
      [order.id],
    )
    const key = crypto.randomUUID()
    const body = { amount: Math.round(owed!.amount * 100), reason: 'duplicate payment' }
    const refund = () =>
      env.app.request(`/api/staff/payments/${owed!.id}/refunds`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, Cookie: finance.cookie },
        body: JSON.stringify(body),
      })
    expect((await refund()).status).toBe(201)
    expect((await refund()).status).toBe(201)
    const rows = await pushRowsOf(env.t.db, me.id, 'refund_made')
    expect(rows.map((r) => r.subscription_id)).toEqual(devices)
    expect(rows[0]!.topic).toMatch(/^refund-\d+$/)
    expect(JSON.parse(rows[0]!.payload).notification.navigate).toMatch(new RegExp(`/orders/${order.id}$`))
  })

  it('tells no device of a customer who has none wanting payments', async () => {
    const me = await signUp(env.app)
    await subscribeDevice(env.t.db, me.id, { categories: ['usage', 'services'] })
    const order = await unpaidOrder(env.app, me)
    expect((await postWallet(env.app, me, walletBody(me, order))).status).toBe(200)
    expect(await pushRowsOf(env.t.db, me.id)).toEqual([])
  })
})
