import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { isPrepaid } from '../../../src/domain/service.ts'
import { isLuhnValid } from '../../../src/domain/luhn.ts'
import { activateSim } from '../helpers/activeSim.ts'
import { STARTER_BUNDLE } from '../../../server/sandbox/network/starterBalances.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { getStatus, postWallet, walletBody } from '../helpers/payments.ts'
import { payByCard, payByWallet, placeOrder, servicesOf } from '../helpers/portal.ts'

type Me = Awaited<ReturnType<typeof signUp>>

const PREPAID = 9
const named = (productId: number, friendly_name: string) =>
  cartLine(productId, { product_configs: { value_adds: [], configs: [{ friendly_name, comments: 'Free text' }] } })

describe('provisioning: a paid order gives each of its lines a SIM service', () => {
  const env = useAccountsApp({ seeded: true })
  let me: Me

  beforeEach(async () => {
    me = await signUp(env.app)
  })

  const count = async (orderId: number) => (await env.t.db.query<{ n: number }>('select count(*)::int as n from services where order_id = $1', [orderId]))[0]!.n

  it('provisions nothing before the order is paid', async () => {
    const order = await placeOrder(env.app, me, [cartLine(1)])
    expect(await count(order.id)).toBe(0)
    expect(await servicesOf(env.app, me)).toEqual([])
  })

  it('on a card payment: one service per line, named by the friendly name or else the product, prepaid or monthly by the product', async () => {
    const order = await placeOrder(env.app, me, [named(6, 'Home Wi-Fi'), named(PREPAID, '  '), named(1, "Thandi's tablet")])
    await payByCard(env.app, me, order)
    const services = await servicesOf(env.app, me)
    expect(services).toHaveLength(3)
    const byProduct = new Map(services.map((s) => [s.product_id, s]))
    expect(byProduct.get(6)).toMatchObject({ name: 'Home Wi-Fi', product: '5G Uncapped 100Mbps', status: 0, cancellation_date: null })
    expect(byProduct.get(PREPAID)).toMatchObject({ name: '4G Prepaid 30-Day', product: '4G Prepaid 30-Day', status: 0 })
    expect(byProduct.get(1)).toMatchObject({ name: "Thandi's tablet", product: '4G Uncapped 10Mbps' })
    expect(services.filter(isPrepaid).map((s) => s.product_id)).toEqual([PREPAID])
  })

  it('gives a prepaid SIM no balances until the network reports them: then the bundle it was sold with, in seconds, bytes and units, expiring in 30 days', async () => {
    const order = await placeOrder(env.app, me, [cartLine(PREPAID)])
    const before = Date.now()
    await payByWallet(env.app, me, order)
    const [paid] = await servicesOf(env.app, me)
    expect(paid).toMatchObject({ billing: 'prepaid', read_at: null })
    for (const key of ['available_balance', 'data_available_volume', 'additional_balances']) expect(paid).not.toHaveProperty(key)
    await activateSim(env.t.db, paid!.id)
    const [sim] = await servicesOf(env.app, me)
    expect(sim?.read_at).toEqual(expect.any(String))
    const expiry = new Date(before + 30 * 86_400_000).toISOString().slice(0, 10)
    expect(sim).toMatchObject({ available_balance: 0, data_available_volume: 0 })
    expect(sim?.additional_balances).toEqual([
      { voice_sub: { available: STARTER_BUNDLE.voiceSeconds, meta: { expiry } } },
      { data_sub: { available: STARTER_BUNDLE.dataBytes, meta: { expiry } } },
      { sms_sub: { available: STARTER_BUNDLE.sms, meta: { expiry } } },
      { voice0: { available: 0 } },
      { data0: { available: 0 } },
      { sms0: { available: 0 } },
    ])
    for (const key of ['total_usage', 'peak_usage', 'offpeak_usage', 'spend_limit_available']) expect(sim).not.toHaveProperty(key)
  })

  it('gives a monthly SIM no usage until the network reports it: then zero usage (total = peak + off-peak) and its spend limit, and no balances', async () => {
    const order = await placeOrder(env.app, me, [cartLine(5)])
    await payByWallet(env.app, me, order)
    const [paid] = await servicesOf(env.app, me)
    expect(paid).toMatchObject({ billing: 'monthly', read_at: null })
    for (const key of ['total_usage', 'peak_usage', 'offpeak_usage', 'spend_limit_available']) expect(paid).not.toHaveProperty(key)
    await activateSim(env.t.db, paid!.id)
    const [sim] = await servicesOf(env.app, me)
    expect(sim).toMatchObject({ total_usage: 0, peak_usage: 0, offpeak_usage: 0, spend_limit_available: expect.any(Number) })
    expect(sim!.total_usage).toBe(sim!.peak_usage! + sim!.offpeak_usage!)
    expect(sim!.spend_limit_available).toBeGreaterThan(0)
    for (const key of ['available_balance', 'data_available_volume', 'additional_balances']) expect(sim).not.toHaveProperty(key)
  })

  it('decides prepaid or monthly from the product row, not from its id', async () => {
    await env.t.db.query("update products set billing = 'prepaid' where id = 3")
    try {
      const order = await placeOrder(env.app, me, [cartLine(3)])
      await payByWallet(env.app, me, order)
      const [sim] = await servicesOf(env.app, me)
      expect(sim && isPrepaid(sim)).toBe(true)
    } finally {
      await env.t.db.query("update products set billing = 'monthly' where id = 3")
    }
  })

  it('invents no number: a paid SIM is being prepared, with its reference only, on the configured network', async () => {
    const order = await placeOrder(env.app, me, [cartLine(1), cartLine(PREPAID)])
    const paidAt = Date.now()
    await payByWallet(env.app, me, order)
    const services = await servicesOf(env.app, me)
    expect(services).toHaveLength(2)
    for (const s of services) {
      expect(s).toMatchObject({ associated_resource: null, imsi: null, service_number: null, network: 'sandbox', read_at: null, waiting: [] })
      expect(s.life).toMatchObject({ state: 'preparing', attempt: 1, courier: null, tracking_reference: null, rica_failure: null })
      expect(Math.abs(Date.parse(s.life!.since) - paidAt)).toBeLessThan(60_000)
      expect(s.service_reference).toBe(`SVC-${String(s.id).padStart(6, '0')}`)
    }
    const [stored] = await env.t.db.query<{ n: number }>(
      'select count(*)::int as n from services where order_id = $1 and iccid is null and imsi is null and service_number is null',
      [order.id],
    )
    expect(stored?.n).toBe(2)
  })

  it("carries the network's Luhn-valid 8927 ICCID of 19-20 digits, 655 IMSI and mobile number once active, all different per SIM, and its reference", async () => {
    const order = await placeOrder(env.app, me, [cartLine(1), cartLine(2), cartLine(PREPAID)])
    await payByWallet(env.app, me, order)
    for (const paid of await servicesOf(env.app, me)) await activateSim(env.t.db, paid.id)
    const services = await servicesOf(env.app, me)
    for (const s of services) {
      expect(s.life?.state).toBe('active')
      expect(s.associated_resource).toMatch(/^8927\d{15,16}$/)
      expect(isLuhnValid(s.associated_resource!)).toBe(true)
      expect(s.imsi).toMatch(/^655(01|02|07|10)\d{10}$/)
      expect(s.service_reference).toBe(`SVC-${String(s.id).padStart(6, '0')}`)
      expect(s.service_number).toMatch(/^0[6-8]\d{8}$/)
      expect(s.subscriptions).toEqual([{ name: s.product }])
      expect(s.scheduled_actions).toEqual([])
      expect(Math.abs(Date.parse(s.activation_date) - Date.now())).toBeLessThan(60_000)
    }
    for (const field of ['id', 'associated_resource', 'imsi', 'service_reference', 'service_number'] as const)
      expect(new Set(services.map((s) => s[field])).size).toBe(3)
  })

  it('provisions once however often the card status is asked, in parallel or after', async () => {
    const order = await placeOrder(env.app, me, [cartLine(1), cartLine(PREPAID)])
    const checkoutId = await payByCard(env.app, me, order)
    const again = await Promise.all([1, 2, 3].map(() => getStatus(env.app, me, checkoutId)))
    expect(again.map((r) => r.status)).toEqual([200, 200, 200])
    expect((await getStatus(env.app, me, checkoutId)).status).toBe(200)
    expect(await count(order.id)).toBe(2)
  })

  it('provisions once when the wallet request is retried, and not at all for a refused second payment', async () => {
    const order = await placeOrder(env.app, me, [cartLine(2)])
    const key = randomUUID()
    const body = walletBody(me, order)
    expect((await postWallet(env.app, me, body, key)).status).toBe(200)
    expect((await postWallet(env.app, me, body, key)).status).toBe(200)
    expect((await postWallet(env.app, me, walletBody(me, order))).status).toBe(409)
    expect(await count(order.id)).toBe(1)
  })

  it('writes the services in the paying transaction: a payment that fails to provision leaves the order unpaid', async () => {
    const order = await placeOrder(env.app, me, [cartLine(1)])
    // A constraint the new SIM breaks makes its insert fail, as any provisioning failure would. It stays until the
    // checks are done: the sandbox's webhook reports the charge moments after the 500, and would provision the order
    // once the constraint was gone (as it should: the charge went through).
    await env.t.db.query("alter table services add constraint no_sims_today check (name <> 'Home router') not valid")
    try {
      const res = await postWallet(env.app, me, walletBody(me, order))
      expect(res.status).toBe(500)
      const [row] = await env.t.db.query<{ status: string }>('select status from orders where id = $1', [order.id])
      expect(row?.status).toBe('Payment not Completed')
      expect(await count(order.id)).toBe(0)
      expect((await env.t.db.query('select 1 from payments where order_id = $1', [order.id])).length).toBe(0)
    } finally {
      await env.t.db.query('alter table services drop constraint no_sims_today')
    }
  })
})
