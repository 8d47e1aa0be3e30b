import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/client.ts'
import { changePushSubscription, fetchPushKey, fetchPushSubscriptions, removePushSubscription, savePushSubscription } from '../../src/api/push.ts'

const calls: { method: string; path: string; body: unknown }[] = []

/** The network answers each call with the next of `answers` and records what was asked. */
function answers(...list: { status: number; body?: unknown }[]): void {
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = new Request(new URL(typeof input === 'string' ? input : input.url, 'http://shop.test'), init)
    const text = await request.text()
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined })
    const next = list.shift() ?? { status: 500 }
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } })
  })
}

afterEach(() => {
  calls.length = 0
  vi.unstubAllGlobals()
})

const view = {
  id: 3,
  endpointHost: 'fcm.googleapis.com',
  device: 'Chrome on Android',
  categories: ['usage'],
  quietFrom: 1200,
  quietUntil: 420,
  createdAt: '2026-11-30T08:00:00Z',
  lastSeenAt: '2026-11-30T08:00:00Z',
}
const key = `B${'a'.repeat(86)}`
const body = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/x',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
  categories: ['usage' as const],
  language: 'xh' as const,
}

describe('the push calls', () => {
  it('ask the contract paths with the contract methods and give the validated answers', async () => {
    answers(
      { status: 200, body: { publicKey: key } },
      { status: 200, body: { subscription: view } },
      { status: 200, body: { subscriptions: [view] } },
      { status: 200, body: { subscription: { ...view, categories: [] } } },
      { status: 204 },
    )
    expect(await fetchPushKey()).toBe(key)
    expect(await savePushSubscription(body)).toEqual({ kind: 'saved', subscription: view })
    expect(await fetchPushSubscriptions()).toEqual([view])
    expect((await changePushSubscription(3, { categories: [] })).categories).toEqual([])
    await removePushSubscription(3)
    expect(calls).toEqual([
      { method: 'GET', path: '/api/push/key', body: undefined },
      { method: 'PUT', path: '/api/push/subscription', body },
      { method: 'GET', path: '/api/push/subscriptions', body: undefined },
      { method: 'PATCH', path: '/api/push/subscriptions/3', body: { categories: [] } },
      { method: 'DELETE', path: '/api/push/subscriptions/3', body: undefined },
    ])
  })

  it("say the server's refusal of an endpoint by its code, and a call with no answer as such", async () => {
    answers({ status: 422, body: { error: { code: 'push_endpoint_refused', message: 'Not a push service' } } })
    expect(await savePushSubscription(body)).toEqual({ kind: 'refused', status: 422, code: 'push_endpoint_refused', message: 'Not a push service' })
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await savePushSubscription(body)).toEqual({ kind: 'no-answer' })
  })

  it('refuse an answer that is not what the contract says', async () => {
    answers(
      { status: 200, body: { publicKey: 'short' } },
      { status: 200, body: { subscriptions: [{ ...view, categories: ['spam'] }] } },
      { status: 401, body: { error: 'Sign in' } },
    )
    await expect(fetchPushKey()).rejects.toBeInstanceOf(ApiError)
    await expect(fetchPushSubscriptions()).rejects.toBeInstanceOf(ApiError)
    await expect(removePushSubscription(3)).rejects.toMatchObject({ status: 401 })
  })
})
