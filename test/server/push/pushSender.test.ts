import { createECDH, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { retryAfterSeconds, sendPush, type PushMessage } from '../../../server/push/pushSender.ts'
import { checkVapidHeader, generateVapidKeys } from '../../../server/push/vapid.ts'
import { decryptPushPayload } from '../../../server/push/webPushCrypto.ts'
import { startPushServiceStandIn, type PushServiceStandIn } from '../helpers/pushServiceStandIn.ts'

const vapid = { keys: generateVapidKeys(), subject: 'mailto:ops@seedshop.co.za' }
const device = createECDH('prime256v1')
device.generateKeys()
const deviceKeys = { p256dh: device.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
const payload = JSON.stringify({ web_push: 8030, notification: { title: 'Payment received', navigate: 'https://shop/orders/1' } })

let service: PushServiceStandIn
beforeAll(async () => {
  service = await startPushServiceStandIn()
})
afterAll(() => service.close())

const message = (extra: Partial<PushMessage> = {}): PushMessage => ({
  endpoint: `${service.origin}/push/${randomBytes(6).toString('hex')}`,
  keys: deviceKeys,
  payload,
  ttlSeconds: 86_400,
  urgency: 'normal',
  topic: 'order-41',
  ...extra,
})
const lastReceived = () => service.received.at(-1)!

describe('one push request', () => {
  test('posts the encrypted payload with TTL, Urgency, Topic, aes128gcm and a VAPID header for the endpoint origin', async () => {
    const now = new Date()
    const sent = message({ ttlSeconds: 3_599.7, urgency: 'high' })
    expect(await sendPush(sent, vapid, { now })).toEqual({ status: 201 })
    const got = lastReceived()
    expect(got.path).toBe(new URL(sent.endpoint).pathname)
    expect(got.headers).toMatchObject({
      ttl: '3599',
      urgency: 'high',
      topic: 'order-41',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    })
    expect(checkVapidHeader(got.headers.authorization, { publicKey: vapid.keys.publicKey, origin: service.origin, now })).toEqual({
      ok: true,
      subject: vapid.subject,
    })
    expect(decryptPushPayload(got.body, { privateKey: device.getPrivateKey(), auth: deviceKeys.auth }).toString()).toBe(payload)
  })

  test('TTL is never negative', async () => {
    await sendPush(message({ ttlSeconds: -5 }), vapid)
    expect(lastReceived().headers.ttl).toBe('0')
  })

  test("returns each answer's status, with Retry-After in seconds or as an HTTP date", async () => {
    const now = new Date('2026-11-30T08:00:00Z')
    service.answer(
      { status: 404 },
      { status: 410 },
      { status: 413 },
      { status: 429, headers: { 'Retry-After': '120' } },
      { status: 503, headers: { 'Retry-After': 'Mon, 30 Nov 2026 08:05:00 GMT' } },
      { status: 500 },
      { status: 400 },
    )
    const answers = []
    for (let i = 0; i < 7; i++) answers.push(await sendPush(message(), vapid, { now }))
    expect(answers).toEqual([
      { status: 404 },
      { status: 410 },
      { status: 413 },
      { status: 429, retryAfterSeconds: 120 },
      { status: 503, retryAfterSeconds: 300 },
      { status: 500 },
      { status: 400 },
    ])
  })

  test('never follows a redirect: a 301 is its answer, and where it points is not asked', async () => {
    const before = service.received.length
    service.answer({ status: 301, headers: { Location: `${service.origin}/elsewhere` } })
    expect(await sendPush(message(), vapid)).toEqual({ status: 301 })
    expect(service.received.length).toBe(before + 1)
    expect(service.received.some((r) => r.path === '/elsewhere')).toBe(false)
  })

  test('throws on a timeout and on a refused connection', async () => {
    service.answer({ status: 201, delayMs: 1_000 })
    await expect(sendPush(message(), vapid, { timeoutMs: 100 })).rejects.toThrow()
    await expect(sendPush(message({ endpoint: 'http://127.0.0.1:1/push/x' }), vapid)).rejects.toThrow()
  })
})

describe('reading Retry-After', () => {
  const now = new Date('2026-11-30T08:00:00Z')
  test('seconds, an HTTP date (past ones as 0), nothing or rubbish', () => {
    expect(retryAfterSeconds('30', now)).toBe(30)
    expect(retryAfterSeconds('Mon, 30 Nov 2026 08:01:00 GMT', now)).toBe(60)
    expect(retryAfterSeconds('Mon, 30 Nov 2026 07:00:00 GMT', now)).toBe(0)
    expect(retryAfterSeconds(null, now)).toBeUndefined()
    expect(retryAfterSeconds('soon', now)).toBeUndefined()
    expect(retryAfterSeconds('-5', now)).toBeUndefined()
  })
})
