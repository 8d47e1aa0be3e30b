import { createECDH, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sweepExpiredSessions } from '../../../server/accounts/sessions.ts'
import { setShopOrigin } from '../../../server/mail/shopOrigin.ts'
import { demoVapidKeys } from '../../../server/push/pushSettings.ts'
import { queuePush } from '../../../server/push/notify.ts'
import { maxSubscriptionsPerCustomer } from '../../../server/push/pushSubscriptions.ts'
import { call, password, sessionCookie, signUp, useAccountsApp, type TestApp } from '../helpers/accounts.ts'

let address = 0
const from = () => `198.51.100.${++address}`

const keys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') })
const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`
const body = (endpoint = fcm(), extra: Record<string, unknown> = {}) => ({
  endpoint,
  keys: keys(),
  categories: ['payments', 'usage'],
  language: 'xh',
  ...extra,
})
const chromeOnAndroid = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

function put(app: TestApp, cookie: string | undefined, sent: unknown, userAgent = chromeOnAndroid) {
  const init = call('PUT', sent, cookie ? { cookie } : {})
  return app.request('/api/push/subscription', { ...init, headers: { ...(init.headers as Record<string, string>), 'User-Agent': userAgent } })
}
const list = async (app: TestApp, cookie: string) => {
  const res = await app.request('/api/push/subscriptions', call('GET', undefined, { cookie }))
  expect(res.status).toBe(200)
  return ((await res.json()) as { subscriptions: Array<{ id: number; endpointHost: string; device: string; categories: string[] }> }).subscriptions
}

describe('the push subscription routes', () => {
  const env = useAccountsApp()
  const rows = (customerId: number) =>
    env.t.db.query<{ id: number; endpoint: string }>('select id, endpoint from push_subscriptions where customer_id = $1', [customerId])

  it('hands out the VAPID public key without a session', async () => {
    const res = await env.app.request('/api/push/key', call('GET'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ publicKey: demoVapidKeys.publicKey })
  })

  it('answers 401 without a session on every subscription route', async () => {
    expect((await put(env.app, undefined, body())).status).toBe(401)
    expect((await env.app.request('/api/push/subscriptions', call('GET'))).status).toBe(401)
    expect((await env.app.request('/api/push/subscriptions/1', call('PATCH', { categories: [] }))).status).toBe(401)
    expect((await env.app.request('/api/push/subscriptions/1', call('DELETE'))).status).toBe(401)
  })

  it('stores a subscription and lists it with host and device, never the keys', async () => {
    const me = await signUp(env.app)
    const sent = body()
    const res = await put(env.app, me.cookie, sent)
    expect(res.status).toBe(200)
    const { subscription } = (await res.json()) as { subscription: Record<string, unknown> }
    expect(subscription).toEqual({
      id: expect.any(Number),
      endpointHost: 'fcm.googleapis.com',
      device: 'Chrome · Android',
      categories: ['payments', 'usage'],
      quietFrom: 20 * 60,
      quietUntil: 7 * 60,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    })
    expect(JSON.stringify(await list(env.app, me.cookie))).not.toContain(sent.keys.auth)
    const [row] = await env.t.db.query<{ language: string; auth: string }>('select language, auth from push_subscriptions where endpoint = $1', [sent.endpoint])
    expect(row).toEqual({ language: 'xh', auth: sent.keys.auth })
  })

  it('refuses a bad body with 400 and an endpoint that is no push service with 422 push_endpoint_refused', async () => {
    const me = await signUp(env.app)
    expect((await put(env.app, me.cookie, body(fcm(), { categories: ['ads'] }))).status).toBe(400)
    expect((await put(env.app, me.cookie, { ...body(), keys: { p256dh: 'short', auth: 'x' } })).status).toBe(400)
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'https://169.254.169.254/latest',
      'https://evil.example.com/push',
      'http://127.0.0.1:1/sandbox/push/send/x',
    ]) {
      const res = await put(env.app, me.cookie, body(endpoint))
      expect(res.status, endpoint).toBe(422)
      expect(await res.json()).toEqual({ error: { code: 'push_endpoint_refused', message: expect.stringMatching(/notification service/) } })
    }
    expect(await rows(me.id)).toEqual([])
  })

  it("takes the sandbox push service's endpoints on this server's own origin", async () => {
    setShopOrigin('http://127.0.0.1:4999')
    const me = await signUp(env.app)
    expect((await put(env.app, me.cookie, body('http://127.0.0.1:4999/sandbox/push/send/tok'))).status).toBe(200)
    expect((await put(env.app, me.cookie, body('http://127.0.0.1:5000/sandbox/push/send/tok'))).status).toBe(422)
  })

  it('upserts by endpoint: the same device again replaces categories and language; another customer signing in on it takes it over', async () => {
    const one = await signUp(env.app)
    const two = await signUp(env.app)
    const sent = body()
    const first = (await (await put(env.app, one.cookie, sent)).json()) as { subscription: { id: number } }
    const again = await put(env.app, one.cookie, { ...sent, categories: ['services'], language: 'af' })
    expect(((await again.json()) as { subscription: { id: number; categories: string[] } }).subscription).toMatchObject({
      id: first.subscription.id,
      categories: ['services'],
    })
    // Something queued for the first customer on this device must never reach the second.
    await env.t.db.query(
      `insert into push_outbox (subscription_id, customer_id, event_key, kind, topic, urgency, payload, expires_at)
       values ($1, $2, 'payment:1', 'payment_received', 'order-1', 'normal', '{}', now() + interval '1 day')`,
      [first.subscription.id, one.id],
    )
    const moved = await put(env.app, two.cookie, sent)
    expect(moved.status).toBe(200)
    expect(await rows(one.id)).toEqual([])
    expect((await rows(two.id)).map((r) => Number(r.id))).toEqual([first.subscription.id])
    expect(await list(env.app, one.cookie)).toEqual([])
    const [queued] = await env.t.db.query<{ failed: boolean; last_error: string }>(
      "select failed_at is not null as failed, last_error from push_outbox where event_key = 'payment:1' and subscription_id = $1",
      [first.subscription.id],
    )
    expect(queued).toEqual({ failed: true, last_error: 'the device moved to another account' })
  })

  it('keeps at most 20 devices per customer: the one seen longest ago goes', async () => {
    const me = await signUp(env.app)
    const endpoints: string[] = []
    for (let i = 0; i <= maxSubscriptionsPerCustomer; i++) {
      endpoints.push(fcm())
      expect((await put(env.app, me.cookie, body(endpoints[i]))).status).toBe(200)
      await env.t.db.query('update push_subscriptions set last_seen_at = now() - make_interval(mins => $2) where endpoint = $1', [endpoints[i], 100 - i])
    }
    const kept = (await rows(me.id)).map((r) => r.endpoint)
    expect(kept).toHaveLength(maxSubscriptionsPerCustomer)
    expect(kept).not.toContain(endpoints[0])
    expect(kept).toContain(endpoints[maxSubscriptionsPerCustomer])
  })

  it("changes categories of one's own subscription (empty allowed) and answers 404 for another customer's", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app)
    const { subscription } = (await (await put(env.app, me.cookie, body())).json()) as { subscription: { id: number } }
    const path = `/api/push/subscriptions/${subscription.id}`
    const emptied = await env.app.request(path, call('PATCH', { categories: [] }, { cookie: me.cookie }))
    expect(emptied.status).toBe(200)
    expect(((await emptied.json()) as { subscription: { categories: string[] } }).subscription.categories).toEqual([])
    expect((await env.app.request(path, call('PATCH', { categories: ['usage'] }, { cookie: other.cookie }))).status).toBe(404)
    expect((await env.app.request(path, call('PATCH', { categories: ['nope'] }, { cookie: me.cookie }))).status).toBe(400)
    expect((await env.app.request('/api/push/subscriptions/abc', call('PATCH', { categories: [] }, { cookie: me.cookie }))).status).toBe(404)
    expect((await list(env.app, me.cookie))[0]?.categories).toEqual([])
  })

  it("changes the quiet hours of one's own subscription only, refuses half or malformed ones with 400, and queuePush holds by them", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app)
    const { subscription } = (await (await put(env.app, me.cookie, body())).json()) as { subscription: { id: number } }
    const path = `/api/push/subscriptions/${subscription.id}`
    const patch = (sent: unknown, cookie = me.cookie) => env.app.request(path, call('PATCH', sent, { cookie }))
    const stored = async () =>
      (
        await env.t.db.query<{ quiet_from: number; quiet_until: number; categories: string[] }>(
          'select quiet_from, quiet_until, categories from push_subscriptions where id = $1',
          [subscription.id],
        )
      )[0]

    expect((await patch({ quietFrom: 22 * 60, quietUntil: 6 * 60 }, other.cookie)).status).toBe(404)
    for (const bad of [
      {},
      { quietFrom: 60 },
      { quietUntil: 60 },
      { quietFrom: 1440, quietUntil: 0 },
      { quietFrom: -1, quietUntil: 0 },
      { quietFrom: 60.5, quietUntil: 0 },
      { quietFrom: '60', quietUntil: 0 },
    ]) {
      expect((await patch(bad)).status, JSON.stringify(bad)).toBe(400)
    }
    expect(await stored()).toEqual({ quiet_from: 20 * 60, quiet_until: 7 * 60, categories: ['payments', 'usage'] })

    const changed = await patch({ quietFrom: 22 * 60, quietUntil: 6 * 60 })
    expect(changed.status).toBe(200)
    expect(((await changed.json()) as { subscription: Record<string, unknown> }).subscription).toMatchObject({
      quietFrom: 22 * 60,
      quietUntil: 6 * 60,
      categories: ['payments', 'usage'],
    })
    expect(await stored()).toEqual({ quiet_from: 22 * 60, quiet_until: 6 * 60, categories: ['payments', 'usage'] })
    expect((await list(env.app, me.cookie))[0]).toMatchObject({ quietFrom: 22 * 60, quietUntil: 6 * 60 })

    // A payment received at 21:30 South African time: free under the new hours; at 23:00 held until 06:00, not 07:00.
    const received = (orderId: number, now: Date) =>
      env.t.db.transaction((tx) =>
        queuePush(tx, {
          customerId: me.id,
          kind: 'payment_received',
          eventKey: `payment:${orderId}`,
          values: { orderNumber: `SO-${orderId}`, amount: 299 },
          path: `/orders/${orderId}`,
          topic: `order-${orderId}`,
          now,
        }),
      )
    const dueOf = async (orderId: number) =>
      (
        await env.t.db.query<{ due: Date }>('select next_attempt_at as due from push_outbox where customer_id = $1 and event_key = $2', [
          me.id,
          `payment:${orderId}`,
        ])
      )[0]?.due.toISOString()
    await received(1, new Date('2026-11-30T21:30:00+02:00'))
    await received(2, new Date('2026-11-30T23:00:00+02:00'))
    expect(await dueOf(1)).toBe(new Date('2026-11-30T21:30:00+02:00').toISOString())
    expect(await dueOf(2)).toBe(new Date('2026-12-01T06:00:00+02:00').toISOString())

    // Off (equal ends): due at once, and the categories untouched; categories alone leave the hours as they are.
    expect((await patch({ quietFrom: 0, quietUntil: 0 })).status).toBe(200)
    await received(3, new Date('2026-11-30T23:00:00+02:00'))
    expect(await dueOf(3)).toBe(new Date('2026-11-30T23:00:00+02:00').toISOString())
    expect((await patch({ categories: ['usage'] })).status).toBe(200)
    expect(await stored()).toEqual({ quiet_from: 0, quiet_until: 0, categories: ['usage'] })
  })

  it("deletes one's own subscription, idempotently, and not another customer's (404)", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app)
    const { subscription } = (await (await put(env.app, me.cookie, body())).json()) as { subscription: { id: number } }
    const path = `/api/push/subscriptions/${subscription.id}`
    expect((await env.app.request(path, call('DELETE', undefined, { cookie: other.cookie }))).status).toBe(404)
    expect(await rows(me.id)).toHaveLength(1)
    expect((await env.app.request(path, call('DELETE', undefined, { cookie: me.cookie }))).status).toBe(204)
    expect((await env.app.request(path, call('DELETE', undefined, { cookie: me.cookie }))).status).toBe(204)
    expect(await rows(me.id)).toEqual([])
  })

  it('ends with the session: sign-out, a password change elsewhere (ending the other sessions), an expired session', async () => {
    const me = await signUp(env.app)
    const login = await env.app.request('/api/auth/login', call('POST', { email: me.email, password }, { from: from() }))
    const second = sessionCookie(login)!
    await put(env.app, me.cookie, body())
    await put(env.app, second, body())
    expect(await rows(me.id)).toHaveLength(2)
    // Sign-out ends this device's subscription only.
    expect((await env.app.request('/api/auth/logout', call('POST', undefined, { cookie: second }))).status).toBe(204)
    expect(await rows(me.id)).toHaveLength(1)
    // A password change ends every other session, and the subscriptions made in them.
    const third = sessionCookie(await env.app.request('/api/auth/login', call('POST', { email: me.email, password }, { from: from() })))!
    await put(env.app, third, body())
    const changed = await env.app.request(
      '/api/auth/password',
      call('POST', { current_password: password, password: 'Other#4567' }, { cookie: me.cookie, from: from() }),
    )
    expect(changed.status).toBe(204)
    expect(await rows(me.id)).toHaveLength(1)
    // An expired session is swept, and its subscription with it.
    await env.t.db.query("update sessions set expires_at = now() - interval '1 minute' where customer_id = $1", [me.id])
    expect(await sweepExpiredSessions(env.t.db)).toBeGreaterThanOrEqual(1)
    expect(await rows(me.id)).toEqual([])
  })

  it('lists the subscriptions in the data export without keys, and deletes them with the account', async () => {
    const me = await signUp(env.app)
    const sent = body()
    await put(env.app, me.cookie, sent)
    const data = await env.app.request('/api/account/data', call('GET', undefined, { cookie: me.cookie }))
    const file = (await data.json()) as { push_subscriptions: unknown[] }
    expect(file.push_subscriptions).toEqual([
      {
        endpoint_host: 'fcm.googleapis.com',
        device: 'Chrome · Android',
        categories: ['payments', 'usage'],
        quiet_from: 20 * 60,
        quiet_until: 7 * 60,
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
      },
    ])
    expect(JSON.stringify(file)).not.toContain(sent.keys.p256dh)
    expect(JSON.stringify(file)).not.toContain(new URL(sent.endpoint).pathname)
    const deleted = await env.app.request('/api/account/delete', call('POST', { password, confirmation: 'DELETE' }, { cookie: me.cookie, from: from() }))
    expect(deleted.status).toBe(204)
    expect(await env.t.db.query('select 1 from push_subscriptions where endpoint = $1', [sent.endpoint])).toEqual([])
  })
})
