import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isLuhnValid } from '../../../../src/domain/luhn.ts'
import { dispatchSim, spendDataOn } from '../../../../server/sandbox/network/fulfilment.ts'
import { STARTER_BUNDLE } from '../../../../server/sandbox/network/starterBalances.ts'
import { activation, bearer, sandboxWithInbox } from '../../helpers/sandboxNetwork.ts'
import { openTestDb, startupTimeout } from '../../helpers/testDb.ts'
import type { TestDb } from '../../helpers/testDb.ts'

let t: TestDb
beforeAll(async () => {
  t = await openTestDb()
}, startupTimeout)
afterAll(() => t.drop())

let serial = 0
/** A SIM the courier took from the sandbox's stock for a new storefront reference. */
async function dispatched(): Promise<{ iccid: string; reference: string }> {
  const reference = `SVC-9${String(++serial).padStart(5, '0')}${randomUUID().slice(0, 4)}`
  const [event] = await dispatchSim(t.db, { reference, courier: 'Sandbox Courier', tracking_reference: 'SBX1' }, new Date())
  return { iccid: String(event?.data.iccid), reference }
}

const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0]?.n

describe('the sandbox network’s HTTP contract', () => {
  it('refuses a call without the bearer token, and counts it', async () => {
    const net = sandboxWithInbox(t.db)
    const before = await count('select count(*)::int as n from sandbox_network_calls')
    const sim = await dispatched()
    for (const headers of [{}, { Authorization: 'Bearer wrong' }]) {
      const res = await net.post('/v1/activations', activation(sim.iccid, sim.reference), randomUUID(), headers)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } })
      expect((await net.get(`/v1/sims/${sim.iccid}`, headers)).status).toBe(401)
    }
    expect(await count('select count(*)::int as n from sandbox_network_calls')).toBe(before! + 4)
    expect((await net.get(`/v1/sims/${sim.iccid}`)).status).toBe(200)
  })

  it('requires an Idempotency-Key (a UUID) on every POST, and a JSON body', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    const missing = await net.post('/v1/activations', activation(sim.iccid, sim.reference), null)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ error: { code: 'idempotency_key_required' } })
    expect((await net.post('/v1/activations', activation(sim.iccid, sim.reference), 'not-a-uuid')).status).toBe(400)
    const res = await net.app.request('http://network.test/v1/activations', {
      method: 'POST',
      headers: { ...bearer, 'Idempotency-Key': randomUUID(), 'Content-Type': 'application/json' },
      body: '{nope',
    })
    expect(res.status).toBe(400)
  })

  it('activates a dispatched SIM once: 202, then sim.activated with its own number and the starter balances, signed', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    expect(isLuhnValid(sim.iccid)).toBe(true)
    const key = randomUUID()
    const res = await net.post('/v1/activations', activation(sim.iccid, sim.reference), key)
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ request: key, status: 'accepted' })
    const [activated, reported] = await net.eventsOf(2)
    expect(activated).toMatchObject({
      type: 'sim.activated',
      sim: { iccid: sim.iccid, reference: sim.reference },
      data: { msisdn: expect.stringMatching(/^0[6-8]\d{8}$/), imsi: expect.stringMatching(/^655\d{12}$/) },
    })
    expect(Date.parse(activated!.occurred_at)).not.toBeNaN()
    expect(reported).toMatchObject({
      type: 'usage.reported',
      sim: { iccid: sim.iccid },
      data: { read_at: expect.any(String), balances: { available_balance: 0 } },
    })
    const data = (reported!.data.balances as { additional_balances: Array<Record<string, { available: number }>> }).additional_balances
    expect(data.find((b) => b.data_sub)?.data_sub?.available).toBe(STARTER_BUNDLE.dataBytes)
    expect(net.signatures).toEqual(['ok', 'ok'])
    expect(new Set(net.received.map((e) => e.id)).size).toBe(2)

    // The same key again: the first answer, no second number, no event.
    const numbersBefore = await count('select last_value::int as n from sandbox_network_numbers')
    const again = await net.post('/v1/activations', activation(sim.iccid, sim.reference), key)
    expect(again.status).toBe(202)
    expect(await again.json()).toEqual({ request: key, status: 'accepted' })
    expect(await count('select last_value::int as n from sandbox_network_numbers')).toBe(numbersBefore)
    expect(await count('select count(*)::int as n from sandbox_network_sims where msisdn = $1', [activated!.data.msisdn])).toBe(1)
    // The same request with its keys in another order is the same request.
    const { iccid, plan, billing, reference, rica } = activation(sim.iccid, sim.reference)
    expect((await net.post('/v1/activations', { rica, reference, billing, plan, iccid }, key)).status).toBe(202)
    expect(await count('select count(*)::int as n from sandbox_network_calls where idempotency_key = $1', [key])).toBe(3)
    expect(await count('select count(*)::int as n from sandbox_network_requests where idempotency_key = $1', [key])).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(net.received).toHaveLength(2)

    const read = await net.get(`/v1/sims/${sim.iccid}`)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({
      iccid: sim.iccid,
      msisdn: activated!.data.msisdn,
      status: 'active',
      plan: '9',
      read_at: expect.any(String),
      balances: { available_balance: 0 },
    })
  })

  it('answers two activations with the same key at once with one number', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    const key = randomUUID()
    const answers = await Promise.all([1, 2, 3].map(() => net.post('/v1/activations', activation(sim.iccid, sim.reference), key)))
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202])
    await net.eventsOf(2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(net.received.filter((e) => e.type === 'sim.activated')).toHaveLength(1)
  })

  it('refuses for good: a key reused for another request, a second activation, an unknown SIM, an incomplete RICA record', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    const key = randomUUID()
    expect((await net.post('/v1/activations', activation(sim.iccid, sim.reference), key)).status).toBe(202)
    const reused = await net.post('/v1/activations', activation(sim.iccid, sim.reference, 'monthly'), key)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } })
    const second = await net.post('/v1/activations', activation(sim.iccid, sim.reference))
    expect(await second.json()).toMatchObject({ error: { code: 'already_active' } })
    const unknown = await net.post('/v1/activations', activation('8927019999999999999', sim.reference))
    expect(unknown.status).toBe(404)
    expect((await net.get('/v1/sims/8927019999999999999')).status).toBe(404)
    const other = await dispatched()
    const noRica = await net.post('/v1/activations', { ...activation(other.iccid, other.reference), rica: { first_names: 'X' } })
    expect(noRica.status).toBe(400)
    expect((await net.post(`/v1/sims/${other.iccid}/plan`, { plan: '2' })).status).toBe(422)
  })

  it('applies a plan change, a bundle, a suspension and a cancellation, each said by request.applied', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    await net.post('/v1/activations', activation(sim.iccid, sim.reference), randomUUID())
    await net.eventsOf(2)
    const keys = { plan: randomUUID(), bundle: randomUUID(), suspension: randomUUID(), cancellation: randomUUID() }
    expect((await net.post(`/v1/sims/${sim.iccid}/plan`, { plan: '2' }, keys.plan)).status).toBe(202)
    expect(
      (await net.post(`/v1/sims/${sim.iccid}/bundles`, { bundle: { kind: 'data', amount: 1e9, validity_days: 30 }, reference: 'SO-1' }, keys.bundle)).status,
    ).toBe(202)
    const applied = await net.eventsOf(2, (e) => e.type === 'request.applied')
    expect(applied.map((e) => e.data.request)).toEqual([keys.plan, keys.bundle])
    const [, reported] = await net.eventsOf(2, (e) => e.type === 'usage.reported')
    const topUp = (reported!.data.balances as { additional_balances: Array<Record<string, { available: number }>> }).additional_balances.find((b) => b.data0)
    expect(topUp?.data0?.available).toBe(1e9)
    expect((await net.post(`/v1/sims/${sim.iccid}/suspension`, { reason: 'lost' }, keys.suspension)).status).toBe(202)
    expect(await (await net.get(`/v1/sims/${sim.iccid}`)).json()).toMatchObject({ status: 'suspended', plan: '2' })
    expect((await net.post(`/v1/sims/${sim.iccid}/cancellation`, {}, keys.cancellation)).status).toBe(202)
    expect(await (await net.get(`/v1/sims/${sim.iccid}`)).json()).toMatchObject({ status: 'cancelled' })
    const all = await net.eventsOf(4, (e) => e.type === 'request.applied')
    expect(all.map((e) => e.data.request)).toEqual([keys.plan, keys.bundle, keys.suspension, keys.cancellation])
  })

  it('takes data bundles only on a monthly SIM', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    await net.post('/v1/activations', activation(sim.iccid, sim.reference, 'monthly'), randomUUID())
    const voice = await net.post(`/v1/sims/${sim.iccid}/bundles`, { bundle: { kind: 'voice', amount: 3600, validity_days: 30 }, reference: 'SO-2' })
    expect(voice.status).toBe(422)
    expect(await voice.json()).toMatchObject({ error: { code: 'bundle_not_allowed' } })
  })

  it('reports a balance low once per bundle and threshold: 50, 80 and 100 percent used', async () => {
    const net = sandboxWithInbox(t.db)
    const sim = await dispatched()
    await net.post('/v1/activations', activation(sim.iccid, sim.reference), randomUUID())
    await net.eventsOf(2)
    const lows = () => net.received.filter((e) => e.type === 'balance.low').map((e) => e.data.threshold)
    // The starter bundle's 2 GB, 500 MB at a time: 1.5 GB used crosses 50 %, 2 GB crosses 80 and 100 %.
    const spend = () => net.app.request('http://network.test/', { method: 'POST', body: new URLSearchParams({ action: 'use_data', iccid: sim.iccid }) })
    await spend()
    expect(lows()).toEqual([])
    await spend()
    await spend()
    expect(lows()).toEqual([50])
    await spend()
    expect(lows()).toEqual([50, 80, 100])
    await spend()
    expect(lows()).toEqual([50, 80, 100])
    const bundles = new Set(net.received.filter((e) => e.type === 'balance.low').map((e) => e.data.bundle))
    expect(bundles.size).toBe(1)
    expect(net.received.filter((e) => e.type === 'usage.reported')).toHaveLength(6)
    // Straight from the balance model, a report that crosses two thresholds at once says both.
    const other = await dispatched()
    await net.post('/v1/activations', activation(other.iccid, other.reference), randomUUID())
    const events = await spendDataOn(t.db, other.iccid, 1.7e9, new Date())
    expect(events.map((e) => [e.type, e.data.threshold])).toEqual([
      ['usage.reported', undefined],
      ['balance.low', 50],
      ['balance.low', 80],
    ])
  })

  it('reports to onFailure an event the storefront refused', async () => {
    const net = sandboxWithInbox(t.db, () => 404)
    const sim = await dispatched()
    expect((await net.post('/v1/activations', activation(sim.iccid, sim.reference))).status).toBe(202)
    await expect.poll(() => net.failures.length).toBe(1)
    expect(String(net.failures[0])).toMatch(/answered 404/)
  })
})
