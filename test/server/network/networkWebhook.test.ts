import { randomUUID } from 'node:crypto'
import { idNumberKeyOf } from '../../../server/accounts/idNumberSeal.ts'
import { activationOf } from '../../../server/network/networkOutbox.ts'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { OrderSchema } from '../../../src/domain/order.ts'
import type { NetworkEvent } from '../../../server/network/network.ts'
import { networkWebhookPath, signEvent } from '../../../server/network/signature.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { getApi, payByCard, placeOrder } from '../helpers/portal.ts'

const webhookSecret = 'sandbox-network-webhook-secret-for-tests'
const secret = Buffer.from(webhookSecret)
const nowSeconds = () => Math.floor(Date.now() / 1000)

type Data<T extends NetworkEvent['type']> = Extract<NetworkEvent, { type: T }>['data']
type Life = {
  life: string
  life_position: number
  delivery_attempt: number
  iccid: string | null
  courier: string | null
  tracking_reference: string | null
  rica_failure: string | null
  service_number: string | null
  imsi: string | null
  status: number
  network: string
  read_at: Date | null
}

let iccidSerial = 0
/** A fresh ICCID in the format the contract takes (89 27 …, 19 digits). */
const newIccid = () => `892701${String(Date.now() % 1e9).padStart(9, '0')}${String(++iccidSerial).padStart(4, '0')}`

describe('POST /api/network/events', () => {
  const captured = captureLog('info')
  const env = useAccountsApp({ seeded: true, customer: true, log: captured.log, config: { network: { kind: 'sandbox', webhookSecret } } })

  /** A SIM of the customer's, paid for and being prepared: its service id and reference. */
  async function newSim(productId = 1) {
    const order = await placeOrder(env.app, env.me, [cartLine(productId)])
    await payByCard(env.app, env.me, order)
    const [sim] = await env.t.db.query<{ id: number; service_reference: string }>('select id, service_reference from services where order_id = $1', [order.id])
    if (!sim) throw new Error('the paid order has no SIM')
    return { ...sim, orderId: order.id }
  }

  const post = (body: string, headers: Record<string, string>) => env.app.request(networkWebhookPath, { method: 'POST', headers, body })
  const sendRaw = (body: string, at = nowSeconds()) => post(body, signEvent(secret, body, at))

  /** Sends one signed event about the SIM (named by its reference unless `sim` says otherwise); answers its status and body. */
  async function send<T extends NetworkEvent['type']>(
    type: T,
    data: Data<T>,
    {
      to,
      occurred_at = new Date().toISOString(),
      id = `evt_${randomUUID()}`,
      sim,
    }: { to: { service_reference: string }; occurred_at?: string; id?: string; sim?: NetworkEvent['sim'] },
  ) {
    const res = await sendRaw(JSON.stringify({ id, type, occurred_at, sim: sim ?? { reference: to.service_reference }, data }))
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, id }
  }

  const lifeOf = async (sim: { id: number }) => {
    const [row] = await env.t.db.query<Life>(
      `select life, life_position, delivery_attempt, iccid, courier, tracking_reference, rica_failure, service_number, imsi, status, network, read_at
       from services where id = $1`,
      [sim.id],
    )
    return row
  }
  const requestsOf = (sim: { id: number }) =>
    env.t.db.query<{
      kind: string
      idempotency_key: string
      body: Record<string, unknown>
      applied_at: Date | null
      failed_at: Date | null
      last_error: string | null
    }>('select kind, idempotency_key, body, applied_at, failed_at, last_error from network_requests where service_id = $1 order by id', [sim.id])
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 8, minutes)).toISOString()

  it('takes a SIM through its life: on its way, RICA failed, on its way again, RICA verified (the activation queued), active with its number', async () => {
    const sim = await newSim()
    expect(await lifeOf(sim)).toMatchObject({ life: 'preparing', life_position: 0 })
    const iccid = newIccid()
    const dispatched = { iccid, courier: 'The Courier Guy', tracking_reference: 'TCG-100200', attempt: 1 }
    expect(await send('sim.dispatched', dispatched, { to: sim, occurred_at: at(1) })).toMatchObject({
      status: 200,
      body: { received: true, outcome: 'applied' },
    })
    expect(await lifeOf(sim)).toMatchObject({ life: 'on_its_way', delivery_attempt: 1, iccid, courier: 'The Courier Guy', tracking_reference: 'TCG-100200' })

    await send('rica.failed', { attempt: 1, reason: 'proof_of_address' }, { to: sim, sim: { iccid }, occurred_at: at(2) })
    expect(await lifeOf(sim)).toMatchObject({ life: 'rica_failed', rica_failure: 'proof_of_address', delivery_attempt: 1 })
    // RICA failed: nothing is asked of the network.
    expect(await requestsOf(sim)).toEqual([])

    await send('sim.dispatched', { ...dispatched, tracking_reference: 'TCG-100201', attempt: 2 }, { to: sim, occurred_at: at(3) })
    expect(await lifeOf(sim)).toMatchObject({ life: 'on_its_way', delivery_attempt: 2, tracking_reference: 'TCG-100201' })
    expect(await requestsOf(sim)).toEqual([])

    await send('rica.verified', { attempt: 2 }, { to: sim, sim: { iccid }, occurred_at: at(4) })
    expect(await lifeOf(sim)).toMatchObject({ life: 'activating', delivery_attempt: 2 })
    const [activation, ...more] = await requestsOf(sim)
    expect(more).toEqual([])
    expect(activation).toMatchObject({ kind: 'activate', applied_at: null, failed_at: null })
    // The outbox row holds no ID number: the RICA record is kept sealed beside the SIM and unsealed only to be sent.
    expect(activation?.body).toEqual({ iccid, plan: '1', billing: 'monthly', reference: sim.service_reference })
    expect(JSON.stringify(await env.t.db.query('select * from rica_records where service_id = $1', [sim.id]))).not.toContain('9001015800088')
    expect(await activationOf(env.t.db, { service_id: sim.id, body: activation?.body }, idNumberKeyOf({}))).toEqual({
      iccid,
      plan: '1',
      billing: 'monthly',
      reference: sim.service_reference,
      rica: {
        first_names: 'Thandi',
        surname: 'Nkosi',
        document: { type: 'sa_id', number: '9001015800088' },
        address: expect.objectContaining({ city: 'Cape Town', postal_code: '8001' }),
      },
    })

    await send('sim.activated', { msisdn: '0825290129', imsi: '655010000012345' }, { to: sim, sim: { iccid }, occurred_at: at(5) })
    expect(await lifeOf(sim)).toMatchObject({ life: 'active', life_position: 1000, service_number: '0825290129', imsi: '655010000012345', network: 'sandbox' })
    // The activation the network confirmed is no longer waiting.
    expect((await requestsOf(sim))[0]?.applied_at).toBeInstanceOf(Date)
  })

  it("shows each SIM's life on its order: the courier and tracking reference, then why RICA failed", async () => {
    const sim = await newSim()
    const orderOf = async () => v.parse(OrderSchema, await (await getApi(env.app, `/v2/partner/order/${sim.orderId}`, env.me.cookie)).json())
    expect((await orderOf()).services).toEqual([
      { id: sim.id, name: 'Home router', life: expect.objectContaining({ state: 'preparing', attempt: 1, courier: null, rica_failure: null }) },
    ])
    await send('sim.dispatched', { iccid: newIccid(), courier: 'The Courier Guy', tracking_reference: 'TCG-7', attempt: 1 }, { to: sim, occurred_at: at(1) })
    expect((await orderOf()).services?.[0]?.life).toEqual({
      state: 'on_its_way',
      since: at(1),
      attempt: 1,
      courier: 'The Courier Guy',
      tracking_reference: 'TCG-7',
      rica_failure: null,
    })
    await send('rica.failed', { attempt: 1, reason: 'not_present' }, { to: sim, occurred_at: at(2) })
    expect((await orderOf()).services?.[0]?.life).toMatchObject({ state: 'rica_failed', since: at(2), rica_failure: 'not_present' })
  })

  it('answers a repeated event 200 as a duplicate and changes nothing', async () => {
    const sim = await newSim()
    const first = await send('sim.dispatched', { iccid: newIccid(), courier: 'Aramex', tracking_reference: 'AX-1', attempt: 1 }, { to: sim })
    expect(first).toMatchObject({ status: 200, body: { outcome: 'applied' } })
    const again = await send('rica.verified', { attempt: 1 }, { to: sim })
    const repeat = await send('rica.verified', { attempt: 1 }, { to: sim, id: again.id })
    expect(repeat).toMatchObject({ status: 200, body: { received: true, outcome: 'duplicate' } })
    const [{ count } = { count: 0 }] = await env.t.db.query<{ count: number }>('select count(*)::int as count from sim_events where event_id = $1', [again.id])
    expect(count).toBe(1)
    // RICA verified twice (another event id) still asks for one activation.
    await send('rica.verified', { attempt: 1 }, { to: sim })
    expect((await requestsOf(sim)).map((r) => r.kind)).toEqual(['activate'])
  })

  it('never moves a SIM back: activated before its dispatch stays active; a dispatch after RICA failed on that attempt changes nothing', async () => {
    const early = await newSim()
    await send('sim.activated', { msisdn: '0825290130' }, { to: early, occurred_at: at(10) })
    await send('sim.dispatched', { iccid: newIccid(), courier: 'Aramex', tracking_reference: 'AX-2', attempt: 1 }, { to: early, occurred_at: at(5) })
    await send('rica.verified', { attempt: 1 }, { to: early, occurred_at: at(8) })
    expect(await lifeOf(early)).toMatchObject({ life: 'active', life_position: 1000, service_number: '0825290130' })
    // A late RICA verified never asks for an activation of a SIM already active.
    expect(await requestsOf(early)).toEqual([])

    const late = await newSim()
    await send('rica.failed', { attempt: 1, reason: 'not_present' }, { to: late, occurred_at: at(20) })
    const before = await lifeOf(late)
    expect(
      await send('sim.dispatched', { iccid: newIccid(), courier: 'Aramex', tracking_reference: 'AX-3', attempt: 1 }, { to: late, occurred_at: at(15) }),
    ).toMatchObject({
      status: 200,
      body: { outcome: 'applied' },
    })
    const after = await lifeOf(late)
    expect(after).toMatchObject({ life: 'rica_failed', rica_failure: 'not_present', delivery_attempt: 1, courier: null, tracking_reference: null })
    expect(after?.life_position).toBe(before?.life_position)
  })

  it('reaches returned, which a late RICA event does not undo', async () => {
    const sim = await newSim()
    await send('sim.dispatched', { iccid: newIccid(), courier: 'Aramex', tracking_reference: 'AX-4', attempt: 1 }, { to: sim, occurred_at: at(1) })
    await send('rica.failed', { attempt: 1, reason: 'document_mismatch' }, { to: sim, occurred_at: at(2) })
    await send('sim.returned', {}, { to: sim, occurred_at: at(30) })
    expect(await lifeOf(sim)).toMatchObject({ life: 'returned', life_position: 900 })
    await send('rica.failed', { attempt: 2, reason: 'not_present' }, { to: sim, occurred_at: at(20) })
    await send('rica.verified', { attempt: 2 }, { to: sim, occurred_at: at(21) })
    expect(await lifeOf(sim)).toMatchObject({ life: 'returned', life_position: 900 })
    expect(await requestsOf(sim)).toEqual([])
    // Its order line says what was paid for it is owed back.
    const [line] = await env.t.db.query<{ status: string }>(
      'select l.status from order_lines l join services s on s.order_id = l.order_id and s.order_line = l.number where s.id = $1',
      [sim.id],
    )
    expect(line?.status).toBe('Returned: refund due')
  })

  it('suspends, resumes and cancels by the newest event only: a late suspension after a resumption changes nothing', async () => {
    const sim = await newSim()
    const iccid = newIccid()
    await send('sim.dispatched', { iccid, courier: 'Aramex', tracking_reference: 'AX-5', attempt: 1 }, { to: sim })
    await send('sim.activated', { msisdn: '0825290131' }, { to: sim, sim: { iccid } })
    await send('sim.suspended', { reason: 'lost' }, { to: sim, sim: { iccid }, occurred_at: at(1) })
    expect((await lifeOf(sim))?.status).toBe(500)
    await send('sim.resumed', {}, { to: sim, sim: { iccid }, occurred_at: at(3) })
    expect((await lifeOf(sim))?.status).toBe(0)
    await send('sim.suspended', { reason: 'lost' }, { to: sim, sim: { iccid }, occurred_at: at(2) })
    expect((await lifeOf(sim))?.status).toBe(0)
    await send('sim.cancelled', {}, { to: sim, sim: { iccid }, occurred_at: at(4) })
    expect((await lifeOf(sim))?.status).toBe(900)
    await send('sim.resumed', {}, { to: sim, sim: { iccid }, occurred_at: at(5) })
    expect((await lifeOf(sim))?.status).toBe(900)
  })

  it('never sends an activation without the RICA record: with no address held, it is failed at once, visibly', async () => {
    const other = await signUp(env.app)
    await env.t.db.query('delete from addresses where customer_id = $1', [other.id])
    const order = await placeOrder(env.app, other, [cartLine(1)])
    await payByCard(env.app, other, order)
    const [sim] = await env.t.db.query<{ id: number; service_reference: string }>('select id, service_reference from services where order_id = $1', [order.id])
    if (!sim) throw new Error('the paid order has no SIM')
    expect(await send('rica.verified', { attempt: 1 }, { to: sim })).toMatchObject({ status: 200, body: { outcome: 'applied' } })
    expect(await lifeOf(sim)).toMatchObject({ life: 'activating' })
    expect(await requestsOf(sim)).toEqual([
      expect.objectContaining({ kind: 'activate', failed_at: expect.any(Date), last_error: expect.stringMatching(/^no RICA record/) }),
    ])
    expect((await requestsOf(sim))[0]?.body).not.toHaveProperty('rica')
    expect(await env.t.db.query('select 1 from rica_records where service_id = $1', [sim.id])).toEqual([])
  })

  it("marks the outbox's requests applied or failed by their idempotency key", async () => {
    const sim = await newSim()
    await send('rica.verified', { attempt: 1 }, { to: sim })
    const [activation] = await requestsOf(sim)
    const key = activation?.idempotency_key ?? ''
    await send('request.failed', { request: key, code: 'sim_unknown', message: 'No such ICCID' }, { to: sim })
    expect((await requestsOf(sim))[0]).toMatchObject({ failed_at: expect.any(Date), last_error: 'sim_unknown: No such ICCID' })
    const other = await newSim()
    await send('rica.verified', { attempt: 1 }, { to: other })
    const otherKey = (await requestsOf(other))[0]?.idempotency_key ?? ''
    await send('request.applied', { request: otherKey }, { to: other })
    expect((await requestsOf(other))[0]).toMatchObject({ applied_at: expect.any(Date), failed_at: null })
    // A key of another SIM's request marks nothing.
    await send('request.applied', { request: key }, { to: other })
    expect((await requestsOf(sim))[0]?.applied_at).toBeNull()
  })

  it('keeps the newest usage reading with its time, and each balance-low crossing once per bundle and threshold', async () => {
    const sim = await newSim(9)
    const balances = (available: number) => ({ available_balance: 25, data_available_volume: available, additional_balances: [{ data_sub: { available } }] })
    await send('usage.reported', { read_at: at(10), balances: balances(400) }, { to: sim })
    await send('usage.reported', { read_at: at(5), balances: balances(999) }, { to: sim })
    const [row] = await env.t.db.query<{ data_available_volume: number; read_at: Date; network: string }>(
      'select data_available_volume, read_at, network from services where id = $1',
      [sim.id],
    )
    expect(row).toEqual({ data_available_volume: 400, read_at: new Date(at(10)), network: 'sandbox' })
    for (const threshold of [50, 80, 80, 100] as const) await send('balance.low', { bundle: 'data-1gb-30d', threshold, read_at: at(11) }, { to: sim })
    await send('balance.low', { bundle: 'data-2gb-30d', threshold: 50, read_at: at(12) }, { to: sim })
    const alerts = await env.t.db.query<{ bundle: string; threshold: number }>(
      'select bundle, threshold from usage_alerts where service_id = $1 order by bundle, threshold',
      [sim.id],
    )
    expect(alerts).toEqual([
      { bundle: 'data-1gb-30d', threshold: 50 },
      { bundle: 'data-1gb-30d', threshold: 80 },
      { bundle: 'data-1gb-30d', threshold: 100 },
      { bundle: 'data-2gb-30d', threshold: 50 },
    ])
  })

  it('answers 404 for a SIM we do not know (the network sends it again later), and stores nothing', async () => {
    const unknown = await send('sim.activated', { msisdn: '0825290132' }, { to: { service_reference: 'SVC-999999999' } })
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Unknown SIM' } })
    const byIccid = await send('sim.returned', {}, { to: { service_reference: '' }, sim: { iccid: newIccid() } })
    expect(byIccid.status).toBe(404)
    const stored = await env.t.db.query('select 1 from sim_events where event_id = any($1)', [[unknown.id, byIccid.id]])
    expect(stored).toEqual([])
  })

  it('refuses a bad signature, one signed more than 300 s before or after now (401), and what is not an event (400)', async () => {
    const sim = await newSim()
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'sim.returned', occurred_at: at(1), sim: { reference: sim.service_reference }, data: {} })
    expect((await post(body, signEvent(Buffer.from('not the webhook secret at all, no'), body, nowSeconds()))).status).toBe(401)
    expect((await post(body, { 'Content-Type': 'application/json' })).status).toBe(401)
    expect((await sendRaw(body, nowSeconds() - 301)).status).toBe(401)
    expect((await sendRaw(body, nowSeconds() + 301)).status).toBe(401)
    expect(await lifeOf(sim)).toMatchObject({ life: 'preparing' })
    for (const wrong of [
      'not json',
      '{}',
      JSON.stringify({ id: 'evt_x', type: 'sim.exploded', occurred_at: at(1), sim: { reference: sim.service_reference }, data: {} }),
      JSON.stringify({
        id: 'evt_x',
        type: 'rica.failed',
        occurred_at: at(1),
        sim: { reference: sim.service_reference },
        data: { attempt: 1, reason: 'bad luck' },
      }),
      JSON.stringify({ id: 'evt_x', type: 'sim.returned', occurred_at: at(1), sim: {}, data: {} }),
    ])
      expect((await sendRaw(wrong)).status, wrong).toBe(400)
    expect((await sendRaw(body)).status).toBe(200)
  })

  it("logs each event by id, type and outcome as the sandbox's, never the numbers or identity it carries", async () => {
    const sim = await newSim()
    captured.clear()
    const iccid = newIccid()
    await send('sim.dispatched', { iccid, courier: 'Aramex', tracking_reference: 'AX-6', attempt: 1 }, { to: sim })
    await send('rica.verified', { attempt: 1 }, { to: sim })
    const activated = await send('sim.activated', { msisdn: '0825290133' }, { to: sim })
    const lines = captured.entries().filter((e) => e.msg === 'network event')
    expect(lines.map((e) => e.type)).toEqual(['sim.dispatched', 'rica.verified', 'sim.activated'])
    expect(lines.at(-1)).toMatchObject({ network: 'sandbox', eventId: activated.id, outcome: 'applied' })
    const all = captured.lines.join('\n')
    for (const secretText of [iccid, '0825290133', '9001015800088', 'Nkosi', 'AX-6']) expect(all).not.toContain(secretText)
  })
})
