import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { requestTraces } from '../../../server/http/requestTrace.ts'
import { httpNetwork, retryAfterSeconds } from '../../../server/network/httpNetwork.ts'
import { NetworkRefused, NetworkUnavailable } from '../../../server/network/network.ts'
import type { RicaRecord } from '../../../server/network/network.ts'

const token = 'enabler-token-0123456789'
const iccid = '8927010000000000018'

interface Received {
  method: string
  path: string
  headers: Headers
  body: unknown
}

/**
 * A local fake of the documented contract (docs/network.md): bearer token, an Idempotency-Key on every POST (a repeat
 * gets the first answer and does nothing twice), 202 accepted; `answers` queues other answers for the next calls.
 */
function fakeEnabler() {
  const received: Received[] = []
  const done = new Map<string, { path: string; body: string }>()
  const answers: Array<{ status: number; body?: unknown; headers?: Record<string, string> }> = []
  const sims = new Map<string, unknown>()
  const app = new Hono()
  app.use(async (c) => {
    const text = await c.req.text()
    received.push({ method: c.req.method, path: c.req.path, headers: c.req.raw.headers, body: text ? JSON.parse(text) : undefined })
    if (c.req.header('Authorization') !== `Bearer ${token}`) return c.json({ error: { code: 'unauthorized', message: 'Bad token' } }, 401)
    const queued = answers.shift()
    if (queued) return c.json(queued.body ?? {}, queued.status as 400, queued.headers)
    if (c.req.method === 'POST') {
      const key = c.req.header('Idempotency-Key') ?? ''
      if (!/^[0-9a-f-]{36}$/.test(key)) return c.json({ error: { code: 'idempotency_key_required', message: 'Idempotency-Key is required' } }, 400)
      const first = done.get(key)
      if (first && (first.path !== c.req.path || first.body !== text))
        return c.json({ error: { code: 'idempotency_key_reused', message: 'This key was used for another request' } }, 422)
      done.set(key, { path: c.req.path, body: text })
      return c.json({ request: key, status: 'accepted' }, 202)
    }
    const sim = sims.get(decodeURIComponent(c.req.path.replace('/v1/sims/', '')))
    return sim ? c.json(sim) : c.json({ error: { code: 'not_found', message: 'No such SIM' } }, 404)
  })
  const network = httpNetwork({ baseUrl: 'https://enabler.test', token, source: 'enabler', fetch: async (r) => app.fetch(r) })
  return { app, network, received, done, answers, sims }
}

const rica: RicaRecord = {
  first_names: 'Thandi',
  surname: 'Nkosi',
  document: { type: 'sa_id', number: '9001015800086' },
  address: { line1: '12 Long Street', suburb: 'Cape Town City Centre', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
}

describe('the real network adapter against a fake of the documented contract', () => {
  it('sends each call to its path with the bearer token, JSON and an Idempotency-Key on every POST', async () => {
    const fake = fakeEnabler()
    const keys = Array.from({ length: 5 }, () => randomUUID())
    await fake.network.activate({ iccid, plan: 'UNCAPPED-20', billing: 'monthly', reference: 'SVC-000001', rica }, keys[0] ?? '')
    await fake.network.changePlan(iccid, 'UNCAPPED-50', keys[1] ?? '')
    await fake.network.addBundle(iccid, { kind: 'data', amount: 1_000_000_000, validity_days: 30 }, 'B-1001', keys[2] ?? '')
    await fake.network.suspend(iccid, 'lost', keys[3] ?? '')
    await fake.network.cancel(iccid, keys[4] ?? '')
    expect(fake.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/activations',
      `POST /v1/sims/${iccid}/plan`,
      `POST /v1/sims/${iccid}/bundles`,
      `POST /v1/sims/${iccid}/suspension`,
      `POST /v1/sims/${iccid}/cancellation`,
    ])
    expect(fake.received.map((r) => r.headers.get('Idempotency-Key'))).toEqual(keys)
    for (const r of fake.received) {
      expect(r.headers.get('Authorization')).toBe(`Bearer ${token}`)
      expect(r.headers.get('Content-Type')).toBe('application/json')
    }
    expect(fake.received.map((r) => r.body)).toEqual([
      { iccid, plan: 'UNCAPPED-20', billing: 'monthly', reference: 'SVC-000001', rica },
      { plan: 'UNCAPPED-50' },
      { bundle: { kind: 'data', amount: 1_000_000_000, validity_days: 30 }, reference: 'B-1001' },
      { reason: 'lost' },
      {},
    ])
  })

  it('sends a repeat with the same key, which the network answers as the first and does once', async () => {
    const fake = fakeEnabler()
    const key = randomUUID()
    await fake.network.changePlan(iccid, 'UNCAPPED-50', key)
    await fake.network.changePlan(iccid, 'UNCAPPED-50', key)
    expect(fake.received.map((r) => r.headers.get('Idempotency-Key'))).toEqual([key, key])
    expect(fake.done.size).toBe(1)
  })

  it('passes the request trace on, so the network and our logs can be matched', async () => {
    const fake = fakeEnabler()
    await requestTraces.run({ id: 'req-42' }, () => fake.network.cancel(iccid, randomUUID()))
    expect(fake.received[0]?.headers.get('X-Request-Id')).toBe('req-42')
    expect(fake.received[0]?.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
  })

  it('takes a 4xx as refused for good, with the code and message the network gave', async () => {
    const fake = fakeEnabler()
    fake.answers.push({ status: 422, body: { error: { code: 'plan_unknown', message: 'No plan UNCAPPED-99' } } })
    const refused = await fake.network.changePlan(iccid, 'UNCAPPED-99', randomUUID()).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(NetworkRefused)
    expect(refused).toMatchObject({ status: 422, code: 'plan_unknown', message: 'plan_unknown: No plan UNCAPPED-99' })
    const badToken = httpNetwork({ baseUrl: 'https://enabler.test', token: 'wrong', source: 'enabler', fetch: async (r) => fake.app.fetch(r) })
    expect(await badToken.cancel(iccid, randomUUID()).catch((e: unknown) => e)).toMatchObject({ name: 'NetworkRefused', status: 401, code: 'unauthorized' })
    // An answer without the error shape still refuses, named by its status.
    fake.answers.push({ status: 404, body: 'nothing here' })
    expect(await fake.network.suspend(iccid, 'lost', randomUUID()).catch((e: unknown) => e)).toMatchObject({ name: 'NetworkRefused', code: 'http_404' })
  })

  it('takes 408, 409 in_progress, 429 and 5xx as unavailable for now, with the Retry-After the network asked for', async () => {
    const fake = fakeEnabler()
    const cases = [
      { status: 408, headers: {}, retryAfter: undefined },
      { status: 409, headers: { 'Retry-After': '2' }, body: { error: { code: 'in_progress', message: 'Still working on this key' } }, retryAfter: 2 },
      { status: 429, headers: { 'Retry-After': '120' }, retryAfter: 120 },
      { status: 500, headers: {}, retryAfter: undefined },
      { status: 503, headers: { 'Retry-After': new Date(Date.now() + 30_000).toUTCString() }, retryAfter: 30 },
    ]
    for (const { status, headers, body, retryAfter } of cases) {
      fake.answers.push({ status, headers, body: body ?? {} })
      const error = await fake.network.activate({ iccid, plan: 'P', billing: 'prepaid', reference: 'SVC-1', rica }, randomUUID()).catch((e: unknown) => e)
      expect(error, String(status)).toBeInstanceOf(NetworkUnavailable)
      const seconds = (error as NetworkUnavailable).retryAfterSeconds
      if (retryAfter === undefined) expect(seconds, String(status)).toBeUndefined()
      else expect(seconds, String(status)).toBeGreaterThanOrEqual(retryAfter - 1)
      if (retryAfter !== undefined) expect(seconds, String(status)).toBeLessThanOrEqual(retryAfter)
    }
  })

  it('takes an unreachable network, a timeout and an answer outside the contract as unavailable', async () => {
    const unreachable = httpNetwork({ baseUrl: 'https://enabler.test', token, source: 'enabler', fetch: () => Promise.reject(new TypeError('fetch failed')) })
    expect(await unreachable.cancel(iccid, randomUUID()).catch((e: unknown) => e)).toMatchObject({
      name: 'NetworkUnavailable',
      message: /unreachable: fetch failed/,
    })
    const hanging = httpNetwork({
      baseUrl: 'https://enabler.test',
      token,
      source: 'enabler',
      timeoutMs: 50,
      fetch: (r) => new Promise((_, fail) => r.signal.addEventListener('abort', () => fail(r.signal.reason))),
    })
    expect(await hanging.cancel(iccid, randomUUID()).catch((e: unknown) => e)).toBeInstanceOf(NetworkUnavailable)
    const fake = fakeEnabler()
    fake.sims.set(iccid, { iccid, status: 'sleeping' })
    expect(await fake.network.readSim(iccid).catch((e: unknown) => e)).toMatchObject({ name: 'NetworkUnavailable', message: /unknown shape/ })
  })

  it('reads a SIM: its numbers, status, plan and balances with when they were read; null for one the network does not know', async () => {
    const fake = fakeEnabler()
    const reading = {
      iccid,
      msisdn: '0825290129',
      imsi: '655010000000001',
      status: 'active',
      plan: 'PREPAID-1',
      read_at: '2026-11-29T10:00:00.000Z',
      balances: { available_balance: 25, data_available_volume: 500_000_000, additional_balances: [{ data_sub: { available: 500_000_000 } }] },
    }
    fake.sims.set(iccid, reading)
    expect(await fake.network.readSim(iccid)).toEqual(reading)
    expect(fake.received[0]).toMatchObject({ method: 'GET', path: `/v1/sims/${iccid}` })
    expect(fake.received[0]?.headers.get('Idempotency-Key')).toBeNull()
    expect(await fake.network.readSim('8927010000000000026')).toBeNull()
  })
})

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-29T12:00:00Z')
    expect(retryAfterSeconds('30', now)).toBe(30)
    expect(retryAfterSeconds(' 0 ', now)).toBe(0)
    expect(retryAfterSeconds('Sun, 29 Nov 2026 12:01:00 GMT', now)).toBe(60)
    expect(retryAfterSeconds('Sun, 29 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(retryAfterSeconds('soon', now)).toBeUndefined()
    expect(retryAfterSeconds(null, now)).toBeUndefined()
  })
})
