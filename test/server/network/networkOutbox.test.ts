import { describe, expect, it, beforeAll, beforeEach } from 'vitest'
import { idNumberKeyOf } from '../../../server/accounts/idNumberSeal.ts'
import type { Queryable } from '../../../server/db/types.ts'
import { recordRica } from '../../../server/accounts/ricaRecord.ts'
import { NetworkRefused, NetworkUnavailable } from '../../../server/network/network.ts'
import type { Network } from '../../../server/network/network.ts'
import { networkRetries, networkRetryDelaySeconds, sendDueNetworkRequests, startNetworkOutbox } from '../../../server/network/networkOutbox.ts'
import { queueNetworkRequest } from '../../../server/network/networkRequests.ts'
import { silentLogger } from '../../../server/log.ts'
import { activeSim } from '../helpers/activeSim.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { serviceOf } from '../helpers/portal.ts'

const lease = { leaseMs: 60_000 }

/** A network that keeps every call with its idempotency key, and fails with `down` while it is set. */
function recordingNetwork() {
  const calls: { method: string; key: string; args: unknown[] }[] = []
  const record =
    (method: string) =>
    async (...args: unknown[]) => {
      if (network.down) throw network.down
      await new Promise((done) => setTimeout(done, 2))
      calls.push({ method, key: String(args.at(-1)), args: args.slice(0, -1) })
    }
  const network: Network & { calls: typeof calls; down: Error | undefined } = {
    source: 'enabler',
    calls,
    down: undefined,
    activate: record('activate'),
    changePlan: record('changePlan'),
    addBundle: record('addBundle'),
    cancel: record('cancel'),
    suspend: record('suspend'),
    readSim: async () => null,
  }
  return network
}

interface Row {
  attempts: number
  accepted: boolean
  failed: boolean
  last_error: string | null
  due_in: number
}

const rowOf = async (db: Queryable, key: string) =>
  (
    await db.query<Row>(
      `select attempts, accepted_at is not null as accepted, failed_at is not null as failed, last_error,
         round(extract(epoch from next_attempt_at - now()))::int as due_in
       from network_requests where idempotency_key = $1`,
      [key],
    )
  )[0]

/** Time passes: every request waiting for its next try is due now. */
const makeDue = (db: Queryable) => db.query('update network_requests set next_attempt_at = now() where accepted_at is null and failed_at is null')

describe('the network outbox', () => {
  const env = useAccountsApp({ seeded: true })
  let serviceId: number
  let me: Awaited<ReturnType<typeof signUp>>
  beforeAll(async () => {
    me = await signUp(env.app)
    serviceId = await activeSim(env.app, env.t.db, me)
  })
  // Each test starts with nothing due, so one test's requests never count in another's.
  beforeEach(() => env.t.db.query('update network_requests set accepted_at = now() where accepted_at is null and failed_at is null'))

  it('holds a request exactly when the change that caused it commits, with a fresh idempotency key', async () => {
    const kept = await env.t.db.transaction((tx) => queueNetworkRequest(tx, { serviceId, kind: 'cancel', body: {} }))
    let dropped = ''
    await expect(
      env.t.db.transaction(async (tx) => {
        dropped = await queueNetworkRequest(tx, { serviceId, kind: 'cancel', body: {} })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(kept).toMatch(/^[0-9a-f-]{36}$/)
    expect(dropped).not.toBe(kept)
    expect(await rowOf(env.t.db, kept)).toMatchObject({ attempts: 0, accepted: false, failed: false })
    expect(await rowOf(env.t.db, dropped)).toBeUndefined()
  })

  it("sends each due request once, with its key and the SIM's ICCID, and records it accepted so no later run sends it again", async () => {
    const network = recordingNetwork()
    const keys = [
      await queueNetworkRequest(env.t.db, { serviceId, kind: 'change_plan', body: { plan: '4G-20' } }),
      await queueNetworkRequest(env.t.db, {
        serviceId,
        kind: 'add_bundle',
        body: { bundle: { kind: 'data', amount: 1e9, validity_days: 30 }, reference: 'ORD-1' },
      }),
      await queueNetworkRequest(env.t.db, { serviceId, kind: 'suspend', body: { reason: 'lost' } }),
      await queueNetworkRequest(env.t.db, { serviceId, kind: 'cancel', body: {} }),
    ]
    expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 4, retrying: 0, failed: 0 })
    const [{ iccid }] = (await env.t.db.query<{ iccid: string }>('select iccid from services where id = $1', [serviceId])) as [{ iccid: string }]
    expect(network.calls.sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key))).toEqual([
      { method: 'changePlan', key: keys[0], args: [iccid, '4G-20'] },
      { method: 'addBundle', key: keys[1], args: [iccid, { kind: 'data', amount: 1e9, validity_days: 30 }, 'ORD-1'] },
      { method: 'suspend', key: keys[2], args: [iccid, 'lost'] },
      { method: 'cancel', key: keys[3], args: [iccid] },
    ])
    await makeDue(env.t.db)
    expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 0, retrying: 0, failed: 0 })
    expect(network.calls).toHaveLength(4)
    for (const key of keys) expect(await rowOf(env.t.db, key)).toMatchObject({ attempts: 1, accepted: true, last_error: null })
  })

  it('tries again after a backoff that doubles, with the same idempotency key each time, until the network takes it', async () => {
    const network = recordingNetwork()
    const tried: string[] = []
    network.cancel = async (_iccid, key) => {
      tried.push(key)
      if (tried.length < 4) throw new NetworkUnavailable('503 Service Unavailable')
    }
    const key = await queueNetworkRequest(env.t.db, { serviceId, kind: 'cancel', body: {} })
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 0, retrying: 1, failed: 0 })
      const row = await rowOf(env.t.db, key)
      expect(row).toMatchObject({ attempts: attempt, accepted: false, failed: false, last_error: '503 Service Unavailable' })
      expect(Math.abs(row!.due_in - networkRetryDelaySeconds(attempt))).toBeLessThanOrEqual(1)
      // Not due before its backoff is over.
      expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 0, retrying: 0, failed: 0 })
      await makeDue(env.t.db)
    }
    expect([1, 2, 3, 4].map((n) => networkRetryDelaySeconds(n))).toEqual([30, 60, 120, 240])
    expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 1, retrying: 0, failed: 0 })
    expect(tried).toEqual([key, key, key, key])
    expect(await rowOf(env.t.db, key)).toMatchObject({ attempts: 4, accepted: true, last_error: null })
  })

  it("waits as long as the network's Retry-After asks when that is longer than the backoff, and never less than the backoff", async () => {
    const network = recordingNetwork()
    network.down = new NetworkUnavailable('429 Too Many Requests', 900)
    const key = await queueNetworkRequest(env.t.db, { serviceId, kind: 'cancel', body: {} })
    await sendDueNetworkRequests(env.t.db, network, lease)
    expect(Math.abs((await rowOf(env.t.db, key))!.due_in - 900)).toBeLessThanOrEqual(1)
    await makeDue(env.t.db)
    network.down = new NetworkUnavailable('429 Too Many Requests', 5)
    await sendDueNetworkRequests(env.t.db, network, lease)
    expect(Math.abs((await rowOf(env.t.db, key))!.due_in - networkRetryDelaySeconds(2))).toBeLessThanOrEqual(1)
  })

  it(`fails visibly after ${networkRetries.attempts} tries: failed_at and the last error kept, logged as an error, and the SIM's waiting change says failed`, async () => {
    const { log, entries } = captureLog()
    const network = recordingNetwork()
    network.down = new NetworkUnavailable('connect ECONNREFUSED')
    const key = await queueNetworkRequest(env.t.db, { serviceId, kind: 'change_plan', body: { plan: '4G-20' } })
    for (let attempt = 1; attempt < networkRetries.attempts; attempt++) {
      expect(await sendDueNetworkRequests(env.t.db, network, { ...lease, log })).toEqual({ accepted: 0, retrying: 1, failed: 0 })
      await makeDue(env.t.db)
    }
    expect(await sendDueNetworkRequests(env.t.db, network, { ...lease, log })).toEqual({ accepted: 0, retrying: 0, failed: 1 })
    expect(await rowOf(env.t.db, key)).toMatchObject({ attempts: networkRetries.attempts, accepted: false, failed: true, last_error: 'connect ECONNREFUSED' })
    expect(entries().filter((e) => e.level === 50)).toEqual([
      expect.objectContaining({
        msg: 'network request failed for good: kept in network_requests with failed_at and last_error',
        serviceId,
        kind: 'change_plan',
      }),
    ])
    // Failed for good: no later run sends it, even once the network is back.
    network.down = undefined
    await makeDue(env.t.db)
    expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 0, retrying: 0, failed: 0 })
    expect(network.calls).toEqual([])
    const service = await serviceOf(env.app, me, serviceId)
    expect(service.waiting?.filter((w) => w.kind === 'change_plan').at(-1)).toMatchObject({ kind: 'change_plan', failed: true })
  })

  it('takes a refusal for good at once: not sent again, failed with the code and message', async () => {
    const { log, entries } = captureLog()
    const network = recordingNetwork()
    let calls = 0
    network.addBundle = async () => {
      calls++
      throw new NetworkRefused(422, 'bundle_unknown', 'No such bundle for this plan')
    }
    const key = await queueNetworkRequest(env.t.db, {
      serviceId,
      kind: 'add_bundle',
      body: { bundle: { kind: 'sms', amount: 5, validity_days: 30 }, reference: 'ORD-2' },
    })
    expect(await sendDueNetworkRequests(env.t.db, network, { ...lease, log })).toEqual({ accepted: 0, retrying: 0, failed: 1 })
    expect(await rowOf(env.t.db, key)).toMatchObject({ attempts: 1, failed: true, last_error: 'bundle_unknown: No such bundle for this plan' })
    await makeDue(env.t.db)
    expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 0, retrying: 0, failed: 0 })
    expect(calls).toBe(1)
    expect(entries().filter((e) => e.level === 50)).toHaveLength(1)
  })

  it('sends an activation with the RICA record kept sealed for the SIM, unsealed only as it goes out, and never without one', async () => {
    const network = recordingNetwork()
    const rica = {
      first_names: 'Lindiwe',
      surname: 'Dlamini',
      document: { type: 'sa_id' as const, number: '9407210456081' },
      address: { line1: '27 Rivonia Road', city: 'Sandton', postal_code: '2196' },
    }
    await recordRica(env.t.db, serviceId, rica, idNumberKeyOf({}))
    const body = { iccid: '8927000000000000001', plan: '1', billing: 'monthly', reference: 'SVC-000001' }
    const kept = await queueNetworkRequest(env.t.db, { serviceId, kind: 'activate', body })
    expect(await sendDueNetworkRequests(env.t.db, network, lease)).toEqual({ accepted: 1, retrying: 0, failed: 0 })
    expect(network.calls).toEqual([{ method: 'activate', key: kept, args: [{ ...body, rica }] }])
    // Neither the outbox row nor the kept record holds the number in the clear.
    const stored = JSON.stringify(
      await env.t.db.query('select r.body, k.* from network_requests r, rica_records k where k.service_id = r.service_id and r.service_id = $1', [serviceId]),
    )
    expect(stored).not.toContain('9407210456081')

    const { log, entries } = captureLog()
    await env.t.db.query('delete from rica_records where service_id = $1', [serviceId])
    const none = await queueNetworkRequest(env.t.db, { serviceId, kind: 'activate', body })
    expect(await sendDueNetworkRequests(env.t.db, network, { ...lease, log })).toEqual({ accepted: 0, retrying: 0, failed: 1 })
    expect(await rowOf(env.t.db, none)).toMatchObject({ failed: true, last_error: expect.stringMatching(/has no RICA record kept/) })
    expect(network.calls).toHaveLength(1)
    expect(entries().filter((e) => e.level === 50)).toHaveLength(1)
  })

  it('sends a request queued by this instance at once when nudged, not at the end of the interval', async () => {
    const network = recordingNetwork()
    const job = startNetworkOutbox({ db: env.t.db, network, log: silentLogger, intervalMs: 3_600_000 })
    try {
      const key = await queueNetworkRequest(env.t.db, { serviceId, kind: 'suspend', body: { reason: 'stolen' } })
      job.nudge()
      await expect.poll(() => network.calls.map((c) => c.key), { timeout: 5_000 }).toEqual([key])
    } finally {
      await job.stop()
    }
  })
})
