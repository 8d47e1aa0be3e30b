import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../../server/server.ts'
import { sendPush } from '../../../../server/push/pushSender.ts'
import { demoPushSettings } from '../../../../server/push/pushSettings.ts'
import { generateVapidKeys, vapidHeader } from '../../../../server/push/vapid.ts'
import { encryptPushPayload } from '../../../../server/push/webPushCrypto.ts'
import { accountsApp, apiKey, call, signUp, type TestApp } from '../../helpers/accounts.ts'
import { startTestServer } from '../../helpers/testServer.ts'
import { startupTimeout } from '../../helpers/testDb.ts'

interface Made {
  id: number
  endpoint: string
  keys: { p256dh: string; auth: string }
}

describe('the sandbox push service', () => {
  let server: RunningServer
  const app = { request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) } as unknown as TestApp
  const post = (path: string, body?: unknown) =>
    fetch(`${server.url}/sandbox/push${path}`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    })
  const subscribe = async () => {
    const res = await post('/subscriptions')
    expect(res.status).toBe(201)
    return (await res.json()) as Made
  }
  const messages = async (id: number) => {
    const res = await fetch(`${server.url}/sandbox/push/subscriptions/${id}/messages`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { messages: Array<{ receivedAt: string; ttl: number; urgency: string; topic: string; payload: string }> }).messages
  }
  const message = (made: Made, payload = '{"web_push":8030}') => ({
    endpoint: made.endpoint,
    keys: made.keys,
    payload,
    ttlSeconds: 600,
    urgency: 'low' as const,
    topic: 'usage-1a2b',
  })

  beforeAll(async () => {
    // The push outbox runs often, so a queued notification reaches the sandbox within the test.
    server = await startTestServer({ apiKey, pushOutboxIntervalMs: 50 })
  }, startupTimeout)
  afterAll(() => server?.close())

  it("makes subscriptions as a browser would, with endpoints on this server's origin under /sandbox/push/send/", async () => {
    const made = await subscribe()
    expect(made.endpoint).toMatch(new RegExp(`^${server.url}/sandbox/push/send/[\\w-]{32}$`))
    expect(Buffer.from(made.keys.p256dh, 'base64url')).toHaveLength(65)
    expect(Buffer.from(made.keys.auth, 'base64url')).toHaveLength(16)
    expect(await messages(made.id)).toEqual([])
  })

  it('takes a properly signed and encrypted message with 201, and keeps it decrypted with its headers', async () => {
    const made = await subscribe()
    expect(await sendPush(message(made, '{"web_push":8030,"notification":{"title":"Molo"}}'), demoPushSettings)).toEqual({ status: 201 })
    expect(await messages(made.id)).toEqual([
      { receivedAt: expect.any(String), ttl: 600, urgency: 'low', topic: 'usage-1a2b', payload: '{"web_push":8030,"notification":{"title":"Molo"}}' },
    ])
  })

  it('refuses a message without a valid VAPID header (401), with a missing header (400), not aes128gcm (415), too big (413) or not decrypting (400)', async () => {
    const made = await subscribe()
    const body = encryptPushPayload(Buffer.from('{}'), made.keys)
    const headers = {
      TTL: '60',
      Urgency: 'normal',
      Topic: 't1',
      'Content-Encoding': 'aes128gcm',
      Authorization: vapidHeader(made.endpoint, demoPushSettings.keys, demoPushSettings.subject, new Date()),
    }
    const send = (h: Record<string, string | undefined>, b: Uint8Array = body) =>
      fetch(made.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>,
        body: new Uint8Array(b),
      })
    expect((await send({ ...headers, Authorization: undefined })).status).toBe(401)
    const otherKeys = generateVapidKeys()
    expect((await send({ ...headers, Authorization: vapidHeader(made.endpoint, otherKeys, demoPushSettings.subject, new Date()) })).status).toBe(401)
    expect(
      (await send({ ...headers, Authorization: vapidHeader('https://fcm.googleapis.com/x', demoPushSettings.keys, demoPushSettings.subject, new Date()) }))
        .status,
    ).toBe(401)
    expect((await send({ ...headers, TTL: undefined })).status).toBe(400)
    expect((await send({ ...headers, Urgency: undefined })).status).toBe(400)
    expect((await send({ ...headers, Topic: undefined })).status).toBe(400)
    expect((await send({ ...headers, 'Content-Encoding': 'aesgcm' })).status).toBe(415)
    expect((await send(headers, Buffer.alloc(5_000))).status).toBe(413)
    const forAnother = encryptPushPayload(Buffer.from('{}'), (await subscribe()).keys)
    expect((await send(headers, forAnother)).status).toBe(400)
    expect(await messages(made.id)).toEqual([])
    expect((await send(headers)).status).toBe(201)
    expect(await messages(made.id)).toHaveLength(1)
  })

  it('answers 410 for an unknown token and an unsubscribed one', async () => {
    const made = await subscribe()
    expect((await sendPush({ ...message(made), endpoint: `${server.url}/sandbox/push/send/never-made` }, demoPushSettings)).status).toBe(410)
    expect((await fetch(`${server.url}/sandbox/push/subscriptions/${made.id}`, { method: 'DELETE' })).status).toBe(204)
    expect(await sendPush(message(made), demoPushSettings)).toEqual({ status: 410 })
  })

  it('answers as a tester scripted for the next sends, then takes messages again', async () => {
    const made = await subscribe()
    expect((await post(`/subscriptions/${made.id}/answer`, { status: 429, retryAfter: 30, times: 2 })).status).toBe(204)
    expect(await sendPush(message(made), demoPushSettings)).toEqual({ status: 429, retryAfterSeconds: 30 })
    expect(await sendPush(message(made), demoPushSettings)).toEqual({ status: 429, retryAfterSeconds: 30 })
    expect(await sendPush(message(made), demoPushSettings)).toEqual({ status: 201 })
    expect(await messages(made.id)).toHaveLength(1)
    expect((await post(`/subscriptions/${made.id}/answer`, { status: 99, times: 1 })).status).toBe(400)
    expect((await post('/subscriptions/999999/answer', { status: 503, times: 1 })).status).toBe(404)
  })

  it('is not mounted where sandboxes are not allowed (production without SANDBOX=true)', async () => {
    const withoutSandboxes = accountsApp(server.db, { push: { ...demoPushSettings, sandboxService: false } })
    expect((await withoutSandboxes.request('/sandbox/push/subscriptions', { method: 'POST' })).status).toBe(404)
    expect((await withoutSandboxes.request('/sandbox/push')).status).toBe(404)
    expect((await accountsApp(server.db).request('/sandbox/push/subscriptions', { method: 'POST' })).status).toBe(201)
  })

  it("receives what the push outbox sends to a customer's device subscribed to it, and shows it on the tester's page", async () => {
    const me = await signUp(app)
    const made = await subscribe()
    const stored = await app.request(
      '/api/push/subscription',
      call('PUT', { endpoint: made.endpoint, keys: made.keys, categories: ['usage'], language: 'af' }, { cookie: me.cookie }),
    )
    expect(stored.status).toBe(200)
    const { subscription } = (await stored.json()) as { subscription: { id: number } }
    const payload = JSON.stringify({
      web_push: 8030,
      notification: { title: 'Jy het 80% van jou data gebruik', navigate: `${server.url}/portal` },
      kind: 'usage_80',
    })
    await server.db.query(
      `insert into push_outbox (subscription_id, customer_id, event_key, kind, topic, urgency, payload, expires_at)
       values ($1, $2, 'usage:1:80', 'usage_80', 'usage-abc', 'normal', $3, now() + interval '12 hours')`,
      [subscription.id, me.id, payload],
    )
    await expect.poll(async () => (await messages(made.id)).map((m) => m.payload), { timeout: 10_000 }).toEqual([payload])
    const [got] = await messages(made.id)
    expect(got).toMatchObject({ urgency: 'normal', topic: 'usage-abc' })
    expect(got!.ttl).toBeGreaterThan(43_000)
    const page = await fetch(`${server.url}/sandbox/push?lang=af`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    const html = await page.text()
    expect(html).toContain('<html lang="af">')
    expect(html).toContain('Jy het 80% van jou data gebruik')
    expect(html).toContain(`Intekening ${made.id}`)
  })
})
