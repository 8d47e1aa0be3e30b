import { createECDH, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Queryable } from '../../../server/db/types.ts'
import { setShopOrigin } from '../../../server/mail/shopOrigin.ts'
import { pushRetries, pushRetryDelaySeconds, sendDuePushes, startPushOutbox } from '../../../server/push/pushOutbox.ts'
import { sendPush } from '../../../server/push/pushSender.ts'
import type { PushSettings } from '../../../server/push/pushSettings.ts'
import { generateVapidKeys } from '../../../server/push/vapid.ts'
import { decryptPushPayload } from '../../../server/push/webPushCrypto.ts'
import { silentLogger } from '../../../server/log.ts'
import { accountsApp, call, signUp, type Customer, type TestApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { startPushServiceStandIn, type PushServiceStandIn } from '../helpers/pushServiceStandIn.ts'
import { openTestDb, secondInstanceDb, startupTimeout, type TestDb } from '../helpers/testDb.ts'

const push: PushSettings = { keys: generateVapidKeys(), subject: 'mailto:ops@seedshop.co.za', sandboxService: true }
const lease = { leaseMs: 60_000 }

interface Device {
  id: number
  endpoint: string
  privateKey: Buffer
  auth: string
}

interface Row {
  sent: boolean
  failed: boolean
  attempts: number
  last_status: number | null
  last_error: string | null
  due_in: number
  subscription_id: number | null
}

let t: TestDb
let app: TestApp
let service: PushServiceStandIn
let me: Customer
let counter = 0

beforeAll(async () => {
  t = await openTestDb()
  service = await startPushServiceStandIn()
  // The stand-in is reached through the one exception of the endpoint check: this server's own sandbox push path.
  setShopOrigin(service.origin)
  app = accountsApp(t.db, { push })
  me = await signUp(app)
}, startupTimeout)
afterAll(async () => {
  await service.close()
  await t.drop()
})
// Each test starts from an empty outbox: what one left queued never runs in another's sendDuePushes.
beforeEach(() => t.db.query('delete from push_outbox'))

/** A device subscribed through the route, as the app does, to an endpoint on the stand-in. */
async function subscribe(customer = me): Promise<Device> {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  const endpoint = `${service.origin}/sandbox/push/send/${++counter}`
  const res = await app.request(
    '/api/push/subscription',
    call(
      'PUT',
      { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth }, categories: ['payments'], language: 'en' },
      { cookie: customer.cookie },
    ),
  )
  expect(res.status).toBe(200)
  const { subscription } = (await res.json()) as { subscription: { id: number } }
  return { id: subscription.id, endpoint, privateKey: ecdh.getPrivateKey(), auth }
}

/** What H2's queuePush writes: one outbox row for a device. */
async function queue(
  db: Queryable,
  device: Device,
  { key = `event:${++counter}`, expiresIn = '1 day', payload = '{"web_push":8030}', customerId = me.id } = {},
) {
  const [row] = await db.query<{ id: number }>(
    `insert into push_outbox (subscription_id, customer_id, event_key, kind, topic, urgency, payload, expires_at)
     values ($1, $2, $3, 'payment_received', 'order-1', 'normal', $4, now() + $5::interval) returning id`,
    [device.id, customerId, key, payload, expiresIn],
  )
  return Number(row!.id)
}

const rowOf = async (id: number) =>
  (
    await t.db.query<Row>(
      `select sent_at is not null as sent, failed_at is not null as failed, attempts, last_status, last_error,
         round(extract(epoch from next_attempt_at - now()))::int as due_in, subscription_id
       from push_outbox where id = $1`,
      [id],
    )
  )[0]!
const subscribed = async (device: Device) => (await t.db.query('select 1 from push_subscriptions where id = $1', [device.id])).length === 1
const received = (device: Device) => service.received.filter((r) => r.path === new URL(device.endpoint).pathname)
const makeDue = () => t.db.query('update push_outbox set next_attempt_at = now() where sent_at is null and failed_at is null')

describe('the push outbox', () => {
  it('sends a due notification once, encrypted for the device, with the TTL left until it expires', async () => {
    const device = await subscribe()
    const id = await queue(t.db, device, { expiresIn: '2 hours', payload: '{"web_push":8030,"notification":{"title":"Paid"}}' })
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ sent: 1 })
    expect(await sendDuePushes(t.db, push, lease)).toEqual({ sent: 0, retrying: 0, failed: 0, gone: 0, expired: 0 })
    const [got] = received(device)
    expect(received(device)).toHaveLength(1)
    expect(Number(got!.headers.ttl)).toBeGreaterThan(7_100)
    expect(Number(got!.headers.ttl)).toBeLessThanOrEqual(7_200)
    expect(decryptPushPayload(got!.body, device).toString()).toBe('{"web_push":8030,"notification":{"title":"Paid"}}')
    expect(await rowOf(id)).toMatchObject({ sent: true, failed: false, attempts: 1, last_status: 201 })
  })

  it('removes the subscription on 404 and 410: the row fails as gone (kept, no longer linked to the device)', async () => {
    for (const status of [404, 410]) {
      const device = await subscribe()
      const first = await queue(t.db, device)
      service.answer({ status })
      expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ gone: 1 })
      expect(await subscribed(device)).toBe(false)
      expect(await rowOf(first)).toMatchObject({ failed: true, last_status: status, last_error: `subscription gone (${status})`, subscription_id: null })
    }
  })

  it('gives up on 413 and on any other 4xx or a redirect, without a retry', async () => {
    const log = captureLog()
    for (const status of [413, 400, 403, 301]) {
      const device = await subscribe()
      const id = await queue(t.db, device)
      service.answer({ status, ...(status === 301 ? { headers: { Location: `${service.origin}/elsewhere` } } : {}) })
      expect(await sendDuePushes(t.db, push, { ...lease, log: log.log }), String(status)).toMatchObject({ failed: 1 })
      expect(await rowOf(id)).toMatchObject({ failed: true, attempts: 1, last_status: status })
      expect(await subscribed(device)).toBe(true)
    }
    expect(log.entries().some((e) => e.level === 50 && /too large/.test(String(e.msg)))).toBe(true)
    expect(service.received.some((r) => r.path === '/elsewhere')).toBe(false)
  })

  it('retries 429 after Retry-After when longer than its backoff, 5xx and an unreachable service after the backoff, and gives up after the last try', async () => {
    const device = await subscribe()
    const id = await queue(t.db, device)
    service.answer({ status: 429, headers: { 'Retry-After': '600' } })
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ retrying: 1 })
    expect(await rowOf(id)).toMatchObject({ sent: false, failed: false, last_status: 429, due_in: 600 })
    await makeDue()
    service.answer({ status: 503 })
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ retrying: 1 })
    expect(await rowOf(id)).toMatchObject({ last_status: 503, due_in: pushRetryDelaySeconds(2) })
    await makeDue()
    // A push service that does not answer at all: a network error, retried the same way.
    const unreachable = async () => {
      throw new TypeError('fetch failed')
    }
    expect(await sendDuePushes(t.db, push, { ...lease, send: unreachable })).toMatchObject({ retrying: 1 })
    expect(await rowOf(id)).toMatchObject({ last_status: null, last_error: 'fetch failed', due_in: pushRetryDelaySeconds(3) })
    for (let i = 3; i < pushRetries.attempts; i++) {
      await makeDue()
      service.answer({ status: 500 })
      const run = await sendDuePushes(t.db, push, lease)
      expect(run).toMatchObject(i === pushRetries.attempts - 1 ? { failed: 1 } : { retrying: 1 })
    }
    expect(await rowOf(id)).toMatchObject({ failed: true, attempts: pushRetries.attempts, last_status: 500 })
  })

  it('drops a notification that expired before it could be sent (held by quiet hours), without sending it', async () => {
    const device = await subscribe()
    const id = await queue(t.db, device, { expiresIn: '-1 minute' })
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ expired: 1 })
    expect(await rowOf(id)).toMatchObject({ failed: true, last_error: 'expired before it could be sent' })
    expect(received(device)).toEqual([])
  })

  it('checks the endpoint again at send: one no longer allowed fails and its subscription goes', async () => {
    const device = await subscribe()
    const id = await queue(t.db, device)
    setShopOrigin('https://shop.example.co.za')
    try {
      expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ failed: 1 })
    } finally {
      setShopOrigin(service.origin)
    }
    expect(await rowOf(id)).toMatchObject({ failed: true, last_error: expect.stringMatching(/^endpoint refused/) })
    expect(await subscribed(device)).toBe(false)
    expect(received(device)).toEqual([])
  })

  it("never sends a former customer's notification to the device's new customer, nor after the session ended", async () => {
    const device = await subscribe()
    const other = await signUp(app)
    const forOther = await queue(t.db, device, { customerId: other.id })
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ gone: 1 })
    expect(await rowOf(forOther)).toMatchObject({ failed: true, last_error: 'the device moved to another account' })
    const ended = await signUp(app)
    const itsDevice = await subscribe(ended)
    const id = await queue(t.db, itsDevice, { customerId: ended.id })
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where customer_id = $1", [ended.id])
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ gone: 1 })
    expect(await rowOf(id)).toMatchObject({ failed: true, last_error: 'the session that subscribed has ended' })
    expect(received(device)).toEqual([])
    expect(received(itsDevice)).toEqual([])
  })

  it('sends each notification once when two instances run at the same time, and leaves one claimed by another to its lease', async () => {
    const devices = await Promise.all([1, 2, 3].map(() => subscribe()))
    const ids: number[] = []
    for (const device of devices) for (let i = 0; i < 8; i++) ids.push(await queue(t.db, device))
    const second = await secondInstanceDb(t)
    // A slow push service, so the two runs really overlap.
    const slow: typeof sendPush = async (message, settings) => {
      await new Promise((done) => setTimeout(done, 5))
      return sendPush(message, settings)
    }
    try {
      const runs = await Promise.all([sendDuePushes(t.db, push, { ...lease, send: slow }), sendDuePushes(second.db, push, { ...lease, send: slow })])
      expect(runs[0].sent + runs[1].sent).toBe(24)
    } finally {
      await second.close()
    }
    for (const device of devices) expect(received(device)).toHaveLength(8)
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ sent: true, attempts: 1 })
    // A claim by an instance that then died: nobody takes it until its lease ran out.
    const late = await queue(t.db, devices[0]!)
    await t.db.query("update push_outbox set attempts = 1, next_attempt_at = now() + interval '40 seconds' where id = $1", [late])
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ sent: 0 })
    await makeDue()
    expect(await sendDuePushes(t.db, push, lease)).toMatchObject({ sent: 1 })
    expect(await rowOf(late)).toMatchObject({ sent: true, attempts: 2 })
  })

  it('runs as a job on its interval, and stops', async () => {
    const device = await subscribe()
    const id = await queue(t.db, device)
    const job = startPushOutbox({ db: t.db, push, log: silentLogger, intervalMs: 20 })
    try {
      await expect.poll(async () => (await rowOf(id)).sent, { timeout: 5_000 }).toBe(true)
    } finally {
      await job.stop()
    }
  })
})
