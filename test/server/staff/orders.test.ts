import { describe, expect, it } from 'vitest'
import { idNumberKeyOf } from '../../../server/accounts/idNumberSeal.ts'
import { activationOf } from '../../../server/network/networkOutbox.ts'
import { iccidFor } from '../../../server/sandbox/network/simNumbers.ts'
import { takeCall } from '../../../server/sandbox/network/requests.ts'
import { staffQueues } from '../../../server/staff/queues.ts'
import * as v from 'valibot'
import { StaffOrderSchema, StaffOrdersAnswerSchema } from '../../../src/domain/staffOrderSchemas.ts'
import type { StaffOrder, StaffOrderSummary } from '../../../src/domain/staffOrderSchemas.ts'
import { useAccountsApp, signUp } from '../helpers/accounts.ts'
import type { Customer } from '../helpers/accounts.ts'
import { applyEvents } from '../helpers/activeSim.ts'
import { cartLine } from '../helpers/orders.ts'
import { payByCard, payByWallet, placeOrder } from '../helpers/portal.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'
import type { TestStaff } from '../helpers/staff.ts'

const env = useAccountsApp({ seeded: true })

let nextIccid = 7_000_000 + Math.floor(Math.random() * 1_000_000)
/** A valid ICCID no other test uses. */
const freshIccid = () => iccidFor(nextIccid++)

async function paidOrder(me?: Customer, by: 'wallet' | 'card' = 'wallet') {
  const customer = me ?? (await signUp(env.app))
  const order = await placeOrder(env.app, customer, [cartLine(9)])
  let checkoutId: string | undefined
  if (by === 'card') checkoutId = await payByCard(env.app, customer, order)
  else await payByWallet(env.app, customer, order)
  const [sim] = await env.t.db.query<{ id: number }>('select id from services where order_id = $1', [order.id])
  return { customer, order, checkoutId, simId: Number(sim?.id) }
}

/** The order page and the order lists as the staff app reads them, checked against the answers' schemas. */
const orderOf = async (staff: TestStaff, number: string): Promise<StaffOrder> =>
  v.parse(v.object({ order: StaffOrderSchema }), await (await staffRequest(env.app, staff, 'GET', `/orders/${number}`)).json()).order
const search = async (staff: TestStaff, query: string) =>
  v.parse(StaffOrdersAnswerSchema, await (await staffRequest(env.app, staff, 'GET', `/orders?${query}`)).json())
const dispatch = (staff: TestStaff, number: string, simId: number, body: Record<string, unknown>) =>
  staffRequest(env.app, staff, 'POST', `/orders/${number}/sims/${simId}/dispatch`, body)
const deliver = (staff: TestStaff, number: string, simId: number, body: Record<string, unknown>) =>
  staffRequest(env.app, staff, 'POST', `/orders/${number}/sims/${simId}/delivery`, body)
const auditRows = (number: string, action: string) =>
  env.t.db.query('select 1 from audit_log where target_type = $1 and target_id = $2 and action = $3', ['order', number, action])
const activations = (simId: number) =>
  env.t.db.query<{ idempotency_key: string; service_id: number; body: unknown }>(
    "select idempotency_key, service_id, body from network_requests where service_id = $1 and kind = 'activate'",
    [simId],
  )

describe('staff orders', () => {
  it('finds an order by its number, the customer’s email, a mobile number and a payment id', async () => {
    const support = await staffSession(env.t.db, 'support')
    const { customer, order, checkoutId } = await paidOrder(undefined, 'card')
    const [payment] = await env.t.db.query<{ transaction_id: string }>('select transaction_id from payments where order_id = $1', [order.id])
    await env.t.db.query("update services set service_number = '0825550123' where order_id = $1", [order.id])
    for (const q of [
      order.number,
      order.number.toLowerCase(),
      customer.email.toUpperCase(),
      '+27 82 555 0123',
      '0825550123',
      payment?.transaction_id,
      checkoutId,
    ]) {
      const found = await search(support, `q=${encodeURIComponent(String(q))}`)
      expect(
        found.orders.map((o) => o.number),
        String(q),
      ).toContain(order.number)
      expect(found.orders.every((o) => o.number === order.number || o.email === customer.email)).toBe(true)
    }
    expect((await search(support, 'q=nobody%40example.co.za')).orders).toEqual([])
  })

  it('lists paid orders waiting to be sent first, oldest first, then the others newest first, a page at a time', async () => {
    const support = await staffSession(env.t.db, 'support')
    const me = await signUp(env.app)
    const waitingOld = await paidOrder(me)
    const unpaid = await placeOrder(env.app, me, [cartLine(9)])
    const waitingNew = await paidOrder(me)
    await env.t.db.query("update orders set order_date = now() - interval '2 days' where id = $1", [waitingOld.order.id])
    const all = await search(support, '')
    const numbers = all.orders.map((o) => o.number)
    const firstOther = all.orders.findIndex((o) => o.stage !== 'to_dispatch')
    expect(all.orders.slice(0, firstOther).every((o) => o.stage === 'to_dispatch')).toBe(true)
    expect(all.orders.slice(firstOther).every((o) => o.stage !== 'to_dispatch')).toBe(true)
    expect(numbers.indexOf(waitingOld.order.number)).toBeLessThan(numbers.indexOf(waitingNew.order.number))
    expect(numbers.indexOf(waitingNew.order.number)).toBeLessThan(numbers.indexOf(unpaid.number))
    const waiting = await search(support, 'status=to_dispatch')
    expect(waiting.orders.every((o) => o.stage === 'to_dispatch' && o.sims_waiting > 0)).toBe(true)
    expect((await search(support, 'status=unpaid')).orders.map((o) => o.number)).toContain(unpaid.number)
    // Paged: the pages together are the whole list, in order, each order once.
    const paged: string[] = []
    let cursor: string | null = ''
    for (let i = 0; cursor !== null && i < 50; i++) {
      const page: { orders: StaffOrderSummary[]; next: string | null } = await search(support, cursor ? `cursor=${cursor}` : '')
      paged.push(...page.orders.map((o) => o.number))
      cursor = page.next
    }
    expect(paged.length).toBeGreaterThanOrEqual(numbers.length)
    expect(paged.slice(0, numbers.length)).toEqual(numbers)
    expect(new Set(paged).size).toBe(paged.length)
  })

  it('counts the paid orders waiting to be sent for fulfilment only', async () => {
    await paidOrder()
    const fulfilment = await staffSession(env.t.db, 'fulfilment')
    const support = await staffSession(env.t.db, 'support')
    const queues = (await (await staffRequest(env.app, fulfilment, 'GET', '/queues')).json()) as { queues: Record<string, number> }
    const toDispatch = staffQueues.find((q) => q.name === 'toDispatch')
    expect(queues.queues.toDispatch).toBe(await toDispatch?.count(env.t.db))
    expect(queues.queues.toDispatch).toBeGreaterThan(0)
    const asSupport = (await (await staffRequest(env.app, support, 'GET', '/queues')).json()) as { queues: Record<string, number> }
    expect(asSupport.queues.toDispatch).toBeUndefined()
  })

  it('dispatches and records RICA verified: the life moves, the activation is queued once, the network activates it', async () => {
    const fulfilment = await staffSession(env.t.db, 'fulfilment')
    const { order, simId, customer } = await paidOrder()
    const iccid = freshIccid()
    const sent = { courier: 'The Courier Guy', trackingReference: 'TCG123456', iccid: `${iccid.slice(0, 4)} ${iccid.slice(4)}` }
    const [first, again] = await Promise.all([dispatch(fulfilment, order.number, simId, sent), dispatch(fulfilment, order.number, simId, sent)])
    expect([first.status, again.status]).toEqual([200, 200])
    const outcomes = [((await first.json()) as { outcome: string }).outcome, ((await again.json()) as { outcome: string }).outcome].sort()
    expect(outcomes).toEqual(['applied', 'duplicate'])
    let page = await orderOf(fulfilment, order.number)
    expect(page.sims[0]).toMatchObject({ iccid, life: { state: 'on_its_way', attempt: 1, courier: 'The Courier Guy', tracking_reference: 'TCG123456' } })
    expect(await auditRows(order.number, 'order.dispatch')).toHaveLength(1)

    const verified = await Promise.all([
      deliver(fulfilment, order.number, simId, { rica: 'verified' }),
      deliver(fulfilment, order.number, simId, { rica: 'verified' }),
    ])
    expect(verified.map((r) => r.status)).toEqual([200, 200])
    expect(await activations(simId)).toHaveLength(1)
    expect(await auditRows(order.number, 'order.delivery')).toHaveLength(1)
    page = await orderOf(fulfilment, order.number)
    expect(page.sims[0]?.life.state).toBe('activating')

    // The sandbox network never dispatched this ICCID, yet activates it (the reseller's own stock) with a number.
    const [activation] = await activations(simId)
    const body = await activationOf(env.t.db, activation as NonNullable<typeof activation>, idNumberKeyOf({}))
    const answered = await env.t.db.transaction((tx) => takeCall(tx, { path: '/v1/activations', key: String(activation?.idempotency_key), body }, new Date()))
    expect(answered.status).toBe(202)
    await applyEvents(env.t.db, answered.events)
    page = await orderOf(fulfilment, order.number)
    expect(page.sims[0]).toMatchObject({ iccid, life: { state: 'active' } })
    expect(page.sims[0]?.number).toMatch(/^0\d{9}$/)
    expect(customer.email).toBe(page.customer.email)
  })

  it('records RICA failed with its reason, then a second dispatch; a different record of the same step is refused', async () => {
    const fulfilment = await staffSession(env.t.db, 'fulfilment')
    const { order, simId } = await paidOrder()
    const iccid = freshIccid()
    expect((await deliver(fulfilment, order.number, simId, { rica: 'verified' })).status).toBe(409)
    expect((await dispatch(fulfilment, order.number, simId, { courier: 'Aramex', trackingReference: 'A1', iccid })).status).toBe(200)
    const other = await dispatch(fulfilment, order.number, simId, { courier: 'Aramex', trackingReference: 'A2', iccid })
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ code: 'already_dispatched' })
    expect((await deliver(fulfilment, order.number, simId, { rica: 'failed' })).status).toBe(400)
    expect((await deliver(fulfilment, order.number, simId, { rica: 'failed', reason: 'not_present' })).status).toBe(200)
    expect((await deliver(fulfilment, order.number, simId, { rica: 'verified' })).status).toBe(409)
    expect(await activations(simId)).toHaveLength(0)
    let page = await orderOf(fulfilment, order.number)
    expect(page.sims[0]?.life).toMatchObject({ state: 'rica_failed', rica_failure: 'not_present', attempt: 1 })
    expect(page.stage).toBe('to_dispatch')
    expect((await dispatch(fulfilment, order.number, simId, { courier: 'Aramex', trackingReference: 'A3', iccid })).status).toBe(200)
    page = await orderOf(fulfilment, order.number)
    expect(page.sims[0]?.life).toMatchObject({ state: 'on_its_way', attempt: 2, tracking_reference: 'A3' })
    expect(await auditRows(order.number, 'order.dispatch')).toHaveLength(2)
    expect(await auditRows(order.number, 'order.delivery')).toHaveLength(1)
  })

  it('refuses an ICCID that is not 19–20 digits with its check digit, or is on another SIM', async () => {
    const fulfilment = await staffSession(env.t.db, 'fulfilment')
    const { order, simId } = await paidOrder()
    const good = freshIccid()
    const wrongCheck = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`
    for (const iccid of [wrongCheck, '8927123', `${good}1`, '1234567890123456789', 'not an iccid']) {
      const refused = await dispatch(fulfilment, order.number, simId, { courier: 'C', trackingReference: 'T', iccid })
      expect(refused.status, iccid).toBe(400)
      expect(await refused.json(), iccid).toMatchObject({ code: 'iccid_invalid' })
    }
    expect((await dispatch(fulfilment, order.number, simId, { courier: '', trackingReference: 'T', iccid: good })).status).toBe(400)
    expect((await dispatch(fulfilment, order.number, simId, { courier: 'C', trackingReference: 'T', iccid: good })).status).toBe(200)
    const second = await paidOrder()
    const taken = await dispatch(fulfilment, second.order.number, second.simId, { courier: 'C', trackingReference: 'T2', iccid: good })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({ code: 'iccid_taken' })
    expect(await auditRows(second.order.number, 'order.dispatch')).toHaveLength(0)
    expect((await dispatch(fulfilment, order.number, second.simId, { courier: 'C', trackingReference: 'T', iccid: freshIccid() })).status).toBe(404)
  })

  it('leaves a SIM dispatched in the back office to the back office on the sandbox network’s courier page', async () => {
    const fulfilment = await staffSession(env.t.db, 'fulfilment')
    const { order, simId } = await paidOrder()
    expect((await dispatch(fulfilment, order.number, simId, { courier: 'C', trackingReference: 'T', iccid: freshIccid() })).status).toBe(200)
    const [sim] = await env.t.db.query<{ service_reference: string }>('select service_reference from services where id = $1', [simId])
    const page = await (await env.app.request('/sandbox/network')).text()
    const section = page.slice(page.indexOf(`id="sim-${sim?.service_reference}"`))
    expect(section.slice(0, section.indexOf('</section>'))).toContain('Dispatched from the back office: its delivery is recorded there.')
    expect(section.slice(0, section.indexOf('</section>'))).not.toContain('value="dispatch"')
  })

  it('lets support read an order but never record fulfilment', async () => {
    const support = await staffSession(env.t.db, 'support')
    const { order, simId } = await paidOrder()
    expect((await staffRequest(env.app, support, 'GET', `/orders/${order.number}`)).status).toBe(200)
    const refused = await dispatch(support, order.number, simId, { courier: 'C', trackingReference: 'T', iccid: freshIccid() })
    expect(refused.status).toBe(403)
    expect((await deliver(support, order.number, simId, { rica: 'verified' })).status).toBe(403)
    expect((await staffRequest(env.app, undefined, 'GET', `/orders/${order.number}`)).status).toBe(401)
    expect((await orderOf(support, order.number)).sims[0]?.life.state).toBe('preparing')
  })

  it('shows a timeline of every event naming its actor', async () => {
    const fulfilment = await staffSession(env.t.db, 'fulfilment')
    const { order, simId, customer } = await paidOrder()
    await dispatch(fulfilment, order.number, simId, { courier: 'C', trackingReference: 'T', iccid: freshIccid() })
    await deliver(fulfilment, order.number, simId, { rica: 'verified' })
    // The network's own event (not recorded by staff) names the network.
    const [ref] = await env.t.db.query<{ service_reference: string }>('select service_reference from services where id = $1', [simId])
    await applyEvents(env.t.db, [
      {
        id: `net-${simId}`,
        type: 'sim.activated',
        occurred_at: new Date(Date.now() + 1000).toISOString(),
        sim: { reference: String(ref?.service_reference) },
        data: { msisdn: '0825550999' },
      },
    ])
    const page = await orderOf(fulfilment, order.number)
    const byKind = Object.fromEntries(page.timeline.map((e) => [e.kind, e.actor]))
    expect(byKind['order.placed']).toEqual({ kind: 'customer', name: customer.email })
    expect(byKind['payment.received']).toEqual({ kind: 'customer', name: customer.email })
    expect(byKind['sim.dispatched']).toEqual({ kind: 'staff', name: `Test fulfilment (${fulfilment.email})` })
    expect(byKind['rica.verified']).toEqual({ kind: 'staff', name: `Test fulfilment (${fulfilment.email})` })
    expect(byKind['activation.queued']).toEqual({ kind: 'system', name: 'system' })
    expect(byKind['sim.activated']).toEqual({ kind: 'network', name: 'sandbox' })
    expect(page.timeline.map((e) => e.at)).toEqual([...page.timeline.map((e) => e.at)].sort())
    expect(JSON.stringify(page)).not.toMatch(/password|id_number/)
  })
})
