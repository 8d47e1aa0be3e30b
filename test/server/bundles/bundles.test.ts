import { randomBytes, randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { BundlesAnswerSchema } from '../../../src/domain/bundle.ts'
import { OrderSchema } from '../../../src/domain/order.ts'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { balanceOf, type Service } from '../../../src/domain/service.ts'
import { paymentWebhookPath, sealNotification } from '../../../server/payments/notifications.ts'
import { countPayments, recordPaymentOnce } from '../../../server/payments/recordPayment.ts'
import { silentLogger } from '../../../server/log.ts'
import type { Db } from '../../../server/db/types.ts'
import { sendDueNetworkRequests } from '../../../server/network/networkOutbox.ts'
import { activateSim } from '../helpers/activeSim.ts'
import { apiKey, signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { cartLine, countOrders } from '../helpers/orders.ts'
import { getStatus, payWithCard, postCheckout, postWallet, REJECTED_CARD, SUCCESS_CARD, walletBody } from '../helpers/payments.ts'
import { billingOf, getApi, payByCard, payByWallet, placeOrder, serviceOf, servicesOf } from '../helpers/portal.ts'

type Me = { id: number; cookie: string }

const PREPAID_PRODUCT = 9
const MONTHLY_PRODUCT = 1

const headers = (me: Me, key?: string) => ({
  Key: apiKey,
  'Content-Type': 'application/json',
  Cookie: me.cookie,
  ...(key === undefined ? {} : { 'Idempotency-Key': key }),
})

/** POST …/bundles as the app sends it: the purchase's id is its Idempotency-Key. */
function buy(app: TestApp, me: Me, serviceId: number, bundleId: string, id: string = randomUUID(), key: string | null = id) {
  return app.request(`/api/v8/partner/services/id/${serviceId}/bundles`, {
    method: 'POST',
    headers: headers(me, key ?? undefined),
    body: JSON.stringify({ purchase: { id, bundle_id: bundleId } }),
  })
}

/** The unpaid order that buys the bundle. */
async function bundleOrder(app: TestApp, me: Me, serviceId: number, bundleId: string) {
  const res = await buy(app, me, serviceId, bundleId)
  if (res.status !== 200) throw new Error(`buying answered ${res.status}: ${await res.text()}`)
  return v.parse(OrderSchema, await res.json())
}

/** A SIM of the customer's, provisioned by paying an order for the product, and activated by the network. */
async function simOf(app: TestApp, db: Db, me: Me, productId: number): Promise<Service> {
  const before = new Set((await servicesOf(app, me)).map((s) => s.id))
  await payByCard(app, me, await placeOrder(app, me, [cartLine(productId)]))
  const paid = (await servicesOf(app, me)).find((s) => !before.has(s.id))
  if (!paid) throw new Error('paying provisioned no SIM')
  await activateSim(db, paid.id)
  return serviceOf(app, me, paid.id)
}

const dataTopUp = (sim: Service) => balanceOf(sim, 'data0')?.available ?? 0

/** A card checkout for the order, paid in the sandbox with `card`, the browser never asking how it went. */
async function cardPaid(app: TestApp, me: Me, orderId: number, card: string) {
  const created = await postCheckout(app, me, { payment: { orderId } })
  expect(created.status).toBe(200)
  const { checkoutId } = (await created.json()) as { checkoutId: string }
  await payWithCard(app, checkoutId, card)
  return checkoutId
}

describe('bundles (ADD VAS)', () => {
  const keyHex = randomBytes(32).toString('hex')
  // The sandbox's own notifications are off: the test sends the provider's by hand, to send one twice.
  const env = useAccountsApp({ seeded: true, customer: true, config: { paymentWebhookKey: keyHex, sandboxWebhooks: false } })
  const notify = (payload: unknown) => {
    const sealed = sealNotification(Buffer.from(keyHex, 'hex'), { type: 'PAYMENT', payload })
    return env.app.request(paymentWebhookPath, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body: sealed.body,
    })
  }

  /** The network outbox sends what is due to the sandbox network, and its events (bundle added, new reading) come back to the webhook. */
  const networkApplies = async (orderId: number | string) => {
    await sendDueNetworkRequests(env.t.db, env.app.network, { leaseMs: 60_000 })
    await expect.poll(async () => (await env.t.db.query<{ status: string }>('select status from orders where id = $1', [orderId]))[0]?.status).toBe('Active')
  }

  it('lists data, minutes and SMS for a prepaid SIM and data only for a monthly (data-only) one, priced in rand', async () => {
    const prepaid = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    const monthly = await simOf(env.app, env.t.db, env.me, MONTHLY_PRODUCT)
    const listed = async (id: number) => {
      const res = await getApi(env.app, `/v8/partner/services/id/${id}/bundles`, env.me.cookie)
      expect(res.status).toBe(200)
      return v.parse(BundlesAnswerSchema, await res.json()).bundles
    }
    const onPrepaid = await listed(prepaid.id)
    expect(onPrepaid.map((b) => b.kind)).toEqual(['data', 'data', 'voice', 'sms'])
    expect(onPrepaid[0]).toEqual({
      id: 'data-1gb',
      kind: 'data',
      amount: 1e9,
      price: 99,
      validity_days: 30,
      names: { en: '1 GB data', xh: 'Idatha ye-1 GB', af: '1 GB-data' },
    })
    const onMonthly = await listed(monthly.id)
    expect(onMonthly.length).toBeGreaterThan(0)
    expect(onMonthly.every((b) => b.kind === 'data' && b.price > 0)).toBe(true)
  })

  it("refuses another customer's SIM, an unknown one and a bad id, and creates nothing for them", async () => {
    const sim = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    const other = await signUp(env.app)
    const ordersBefore = await countOrders(env.t.db)
    const list = await getApi(env.app, `/v8/partner/services/id/${sim.id}/bundles`, other.cookie)
    expect(list.status).toBe(403)
    expect(await list.json()).toEqual({ error: serverMessages.othersServiceBundles })
    const bought = await buy(env.app, other, sim.id, 'data-1gb')
    expect(bought.status).toBe(403)
    expect(await bought.json()).toEqual({ error: serverMessages.othersServiceBundles })
    expect((await getApi(env.app, '/v8/partner/services/id/999999999/bundles', other.cookie)).status).toBe(404)
    expect((await buy(env.app, other, 999_999_999, 'data-1gb')).status).toBe(404)
    expect((await getApi(env.app, '/v8/partner/services/id/abc/bundles', other.cookie)).status).toBe(400)
    expect((await getApi(env.app, `/v8/partner/services/id/${sim.id}/bundles`)).status).toBe(401)
    expect(await countOrders(env.t.db)).toBe(ordersBefore)
    expect(dataTopUp(await serviceOf(env.app, env.me, sim.id))).toBe(dataTopUp(sim))
  })

  it('validates the purchase with the shared schema and refuses a bundle the SIM is not offered', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, MONTHLY_PRODUCT)
    expect((await buy(env.app, env.me, sim.id, 'data-50gb', randomUUID(), null)).status).toBe(400)
    expect((await buy(env.app, env.me, sim.id, 'data-50gb', randomUUID(), randomUUID())).status).toBe(400)
    const malformed = await buy(env.app, env.me, sim.id, 'Fifty GB!')
    expect(malformed.status).toBe(400)
    expect(JSON.stringify(await malformed.json())).toContain('Invalid bundle id.')
    // Minutes are a phone's: a data-only SIM is not offered them.
    const voice = await buy(env.app, env.me, sim.id, 'voice-60min')
    expect(voice.status).toBe(422)
    expect(await voice.json()).toEqual({ error: serverMessages.bundleNotOffered })
  })

  it('starts a purchase once per Idempotency-Key, and refuses the key for another bundle', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    const id = randomUUID()
    const first = await buy(env.app, env.me, sim.id, 'data-1gb', id)
    expect(first.status).toBe(200)
    const order = v.parse(OrderSchema, await first.json())
    expect(order).toMatchObject({
      status: 'Payment not Completed',
      total_price: 99,
      bundle: { service_id: sim.id, bundle_id: 'data-1gb', kind: 'data', amount: 1e9 },
    })
    expect(order.order_lines).toEqual([expect.objectContaining({ name: '1 GB data', unit_price: 99 })])
    const again = await buy(env.app, env.me, sim.id, 'data-1gb', id)
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await again.json()).id).toBe(order.id)
    const other = await buy(env.app, env.me, sim.id, 'sms-100', id)
    expect(other.status).toBe(422)
    // Nothing is credited and nothing is billed before it is paid.
    expect(dataTopUp(await serviceOf(env.app, env.me, sim.id))).toBe(dataTopUp(sim))
    expect((await billingOf(env.app, env.me)).some((row) => row.order_id === order.id)).toBe(false)
  })

  it('credits a card-paid bundle to the Topup balance once, however often the success is reported, and bills it', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    const order = await bundleOrder(env.app, env.me, sim.id, 'data-1gb')
    const checkoutId = await cardPaid(env.app, env.me, Number(order.id), SUCCESS_CARD)
    // The browser asks, then asks again after a reload.
    expect((await getStatus(env.app, env.me, checkoutId)).status).toBe(200)
    expect((await getStatus(env.app, env.me, checkoutId)).status).toBe(200)
    // The provider's webhook reports the same payment afterwards.
    const reported = await notify({
      id: randomBytes(16).toString('hex'),
      paymentType: 'DB',
      paymentBrand: 'VISA',
      amount: '99.00',
      currency: 'ZAR',
      merchantTransactionId: order.number,
      ndc: checkoutId,
      result: { code: '000.000.000', description: 'Transaction succeeded' },
    })
    expect(reported.status).toBe(200)
    // Paid: the order waits for the network, which adds the bundle once and reports the SIM's new balances.
    const [waiting] = await env.t.db.query<{ status: string }>('select status from orders where id = $1', [order.id])
    expect(waiting?.status).toBe('Waiting for the network')
    expect((await serviceOf(env.app, env.me, sim.id)).waiting).toEqual([expect.objectContaining({ kind: 'add_bundle', failed: false })])
    await networkApplies(order.id)
    const after = await serviceOf(env.app, env.me, sim.id)
    expect(dataTopUp(after)).toBe(dataTopUp(sim) + 1e9)
    expect(balanceOf(after, 'data0')?.meta?.expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(balanceOf(after, 'voice0')?.available).toBe(balanceOf(sim, 'voice0')?.available)
    const [row] = await env.t.db.query<{ status: string }>('select status from orders where id = $1', [order.id])
    expect(row?.status).toBe('Active')
    const bill = (await billingOf(env.app, env.me)).filter((r) => r.order_id === Number(order.id))
    expect(bill.map(({ type, debit, credit }) => ({ type, debit, credit }))).toEqual([
      { type: 'Bundle', debit: 99, credit: 0 },
      { type: 'Payment', debit: 0, credit: 99 },
    ])
    // A paid bundle cannot be paid again, by card or by Google Pay.
    expect((await postCheckout(env.app, env.me, { payment: { orderId: order.id } })).status).toBe(409)
    const wallet = await postWallet(env.app, env.me, walletBody(env.me, { id: Number(order.id), total_price: 99 }))
    expect(wallet.status).toBe(409)
    expect(await wallet.json()).toEqual({ error: serverMessages.alreadyPaid })
  })

  it('credits once even when a second payment of the same purchase is recorded', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    const order = await bundleOrder(env.app, env.me, sim.id, 'sms-100')
    const success = { paymentBrand: 'VISA', result: { code: '000.000.000', description: 'Transaction succeeded' } }
    const record = (id: string) =>
      recordPaymentOnce(
        env.t.db,
        {
          method: 'wallet',
          checkoutId: null,
          orderId: Number(order.id),
          orderNumber: order.number,
          amount: 35,
          currency: 'ZAR',
          payment: { ...success, id },
          partner: { id: 1, comments: '', agent_email: 'webstore@storefront.co.za' },
          network: 'sandbox',
        },
        silentLogger,
      )
    // Two provider transactions for one purchase (two tabs that both paid): both kept, the SMS added once.
    await Promise.all([record(randomBytes(8).toString('hex')), record(randomBytes(8).toString('hex'))])
    expect(await countPayments(env.t.db, Number(order.id))).toBe(2)
    const flags = await env.t.db.query<{ reconciliation: string }>('select reconciliation from payments where order_id = $1 order by reconciliation', [
      order.id,
    ])
    expect(flags.map((f) => f.reconciliation)).toEqual(['credited', 'refund_due'])
    await networkApplies(order.id)
    const after = await serviceOf(env.app, env.me, sim.id)
    expect(balanceOf(after, 'sms0')?.available).toBe((balanceOf(sim, 'sms0')?.available ?? 0) + 100)
    // The bill shows the purchase paid once: the payment flagged for refund is not a credit.
    const bill = (await billingOf(env.app, env.me)).filter((r) => r.order_id === Number(order.id))
    expect(bill.filter((r) => r.type === 'Payment')).toHaveLength(1)
  })

  it('adds a Google Pay data bundle to a monthly SIM’s spend limit once, a retried request replayed', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, MONTHLY_PRODUCT)
    const order = await bundleOrder(env.app, env.me, sim.id, 'data-50gb')
    const key = randomUUID()
    const body = walletBody(env.me, { id: Number(order.id), total_price: order.total_price })
    expect((await postWallet(env.app, env.me, body, key)).status).toBe(200)
    const retried = await postWallet(env.app, env.me, body, key)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true')
    await networkApplies(order.id)
    const after = await serviceOf(env.app, env.me, sim.id)
    expect(after.spend_limit_available).toBe((sim.spend_limit_available ?? 0) + 50e9)
    expect(await countPayments(env.t.db, Number(order.id))).toBe(1)
    // The monthly SIM's usage is not touched.
    expect(after.total_usage).toBe(sim.total_usage)
  })

  it('adds nothing and bills nothing when the card or Google Pay is declined', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    const order = await bundleOrder(env.app, env.me, sim.id, 'data-5gb')
    const checkoutId = await cardPaid(env.app, env.me, Number(order.id), REJECTED_CARD)
    expect((await getStatus(env.app, env.me, checkoutId)).status).toBe(400)
    const declined = await postWallet(env.app, env.me, walletBody(env.me, { id: Number(order.id), total_price: order.total_price }, 'decline'))
    expect(declined.status).toBe(400)
    expect(await countPayments(env.t.db, Number(order.id))).toBe(0)
    const after = await serviceOf(env.app, env.me, sim.id)
    expect(after.additional_balances).toEqual(sim.additional_balances)
    expect((await billingOf(env.app, env.me)).some((row) => row.order_id === Number(order.id))).toBe(false)
    // The purchase is still there to pay, and paying it later credits it.
    await payByWallet(env.app, env.me, { id: Number(order.id), total_price: order.total_price })
    await networkApplies(order.id)
    expect(dataTopUp(await serviceOf(env.app, env.me, sim.id))).toBe(dataTopUp(sim) + 5e9)
  })

  it('refuses a bundle for a SIM that is not active', async () => {
    const sim = await simOf(env.app, env.t.db, env.me, PREPAID_PRODUCT)
    await env.t.db.query('update services set status = 900 where id = $1', [sim.id])
    const res = await buy(env.app, env.me, sim.id, 'data-1gb')
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: serverMessages.serviceNotActive })
  })
})
