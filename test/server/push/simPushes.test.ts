import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { idNumberKeyOf } from '../../../server/accounts/idNumberSeal.ts'
import { activationOf, sendDueNetworkRequests } from '../../../server/network/networkOutbox.ts'
import { sandboxNetworkPrefix } from '../../../server/sandbox/network/sandbox.ts'
import { applyDueActions } from '../../../server/services/applyDueActions.ts'
import { activeSim } from '../helpers/activeSim.ts'
import { apiKey, signUp, type Customer, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { payByCard, payByWallet, placeOrder } from '../helpers/portal.ts'
import { pushRowsOf, subscribeDevice } from '../helpers/push.ts'
import { answeredService, simRequest } from '../helpers/simActions.ts'

const PREPAID = 9
const MONTHLY = 1

/**
 * The SIM's notifications, each queued in the transaction of its event: the sandbox network's courier steps and usage
 * reach the storefront's webhook in process (as the server runs it), so each test goes the way a tester's clicks do.
 */
describe('SIM, plan, bundle and usage notifications', () => {
  const env = useAccountsApp({ seeded: true })

  /** A customer with two devices wanting SIM news (one in isiXhosa), and one wanting payments only. */
  async function customerWithDevices(categories: Array<'services' | 'usage'> = ['services']) {
    const me = await signUp(env.app)
    const devices = [
      await subscribeDevice(env.t.db, me.id, { categories, language: 'xh' }),
      await subscribeDevice(env.t.db, me.id, { categories: [...categories, 'payments'] }),
    ]
    await subscribeDevice(env.t.db, me.id, { categories: ['payments'] })
    return { me, devices }
  }

  const act = async (fields: Record<string, string | number>) => {
    const res = await env.app.request(sandboxNetworkPrefix, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    })
    expect(res.status).toBe(303)
  }

  async function paidSim(me: Customer) {
    const order = await placeOrder(env.app, me, [cartLine(PREPAID)])
    await payByCard(env.app, me, order)
    const [row] = await env.t.db.query<{ id: number; service_reference: string }>('select id, service_reference from services where order_id = $1', [order.id])
    return { id: Number(row!.id), reference: row!.service_reference }
  }

  const kindsOf = async (me: Customer, kind: string) => (await pushRowsOf(env.t.db, me.id, kind)).map((r) => r.subscription_id)

  it('RICA verified, then the SIM active: one row each per device wanting SIM news, opening the SIM', async () => {
    const { me, devices } = await customerWithDevices()
    const sim = await paidSim(me)
    await act({ action: 'dispatch', reference: sim.reference })
    await act({ action: 'rica_verified', reference: sim.reference, attempt: 1 })
    await act({ action: 'rica_verified', reference: sim.reference, attempt: 1 }) // a double click: the same event
    expect(await kindsOf(me, 'rica_verified')).toEqual(devices)
    const [request] = await env.t.db.query<{ idempotency_key: string; service_id: number; body: unknown }>(
      "select idempotency_key, service_id, body from network_requests where service_id = $1 and kind = 'activate'",
      [sim.id],
    )
    await env.app.network.activate(await activationOf(env.t.db, request!, idNumberKeyOf({})), request!.idempotency_key)
    await vi.waitFor(async () => expect(await kindsOf(me, 'sim_activated')).toEqual(devices))
    const [activated] = await pushRowsOf(env.t.db, me.id, 'sim_activated')
    expect(activated).toMatchObject({ urgency: 'high', topic: `sim-${sim.id}`, event_key: `sim_activated:${sim.id}:1` })
    expect(JSON.parse(activated!.payload).notification).toMatchObject({
      lang: 'xh',
      title: 'I-SIM iyasebenza',
      navigate: expect.stringMatching(new RegExp(`/service/${sim.id}$`)),
    })
  })

  it('RICA failed at delivery: rica_failed, urgent', async () => {
    const { me, devices } = await customerWithDevices()
    const sim = await paidSim(me)
    await act({ action: 'dispatch', reference: sim.reference })
    await act({ action: 'rica_failed', reference: sim.reference, attempt: 1, reason: 'document_mismatch' })
    expect(await kindsOf(me, 'rica_failed')).toEqual(devices)
    expect((await pushRowsOf(env.t.db, me.id, 'rica_failed'))[0]).toMatchObject({ urgency: 'high', event_key: `rica_failed:${sim.id}:1` })
    expect(await kindsOf(me, 'rica_verified')).toEqual([])
  })

  it('a package change applied on its date: plan_changed once, naming the new package', async () => {
    const me = await signUp(env.app)
    const serviceId = await activeSim(env.app, env.t.db, me, MONTHLY)
    const devices = [await subscribeDevice(env.t.db, me.id, { categories: ['services'] })]
    const scheduled = await answeredService(await simRequest(env.app, 'POST', `${serviceId}/package`, { cookie: me.cookie, body: { product_id: 3 } }))
    const due = new Date(new Date(scheduled.scheduled_actions[0]!.date!).getTime() + 1_000)
    await applyDueActions(env.t.db, due, 'test')
    await applyDueActions(env.t.db, due, 'test')
    const rows = await pushRowsOf(env.t.db, me.id, 'plan_changed')
    expect(rows.map((r) => r.subscription_id)).toEqual(devices)
    const [product] = await env.t.db.query<{ name: string }>('select name from products where id = 3')
    expect(JSON.parse(rows[0]!.payload).notification.body).toContain(product!.name)
  })

  it('a bundle the network added: bundle_credited once, named in the device language', async () => {
    const me = await signUp(env.app)
    const serviceId = await activeSim(env.app, env.t.db, me, PREPAID)
    const devices = [await subscribeDevice(env.t.db, me.id, { categories: ['services'], language: 'xh' })]
    const purchase = randomUUID() // the purchase's id is its Idempotency-Key, as the app sends it
    const bought = await env.app.request(`/api/v8/partner/services/id/${serviceId}/bundles`, {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', Cookie: me.cookie, 'Idempotency-Key': purchase },
      body: JSON.stringify({ purchase: { id: purchase, bundle_id: 'data-1gb' } }),
    })
    expect(bought.status).toBe(200)
    const order = (await bought.json()) as { id: number; total_price: number }
    await payByWallet(env.app, me, { id: Number(order.id), total_price: order.total_price })
    expect(await kindsOf(me, 'bundle_credited')).toEqual([]) // paid, not yet added by the network
    await sendDueNetworkRequests(env.t.db, env.app.network, { leaseMs: 60_000 })
    await vi.waitFor(async () => expect(await kindsOf(me, 'bundle_credited')).toEqual(devices))
    const [row] = await pushRowsOf(env.t.db, me.id, 'bundle_credited')
    expect(row!.topic).toBe(`bundle-${order.id}`)
    expect(JSON.parse(row!.payload).notification.body).toContain('Idatha ye-1 GB')
  })
})
