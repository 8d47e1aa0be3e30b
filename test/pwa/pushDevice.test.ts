import { setupI18n } from '@lingui/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetPush, optIn, pushSupport, recheckPush } from '../../src/pwa/pushDevice.ts'
import type { PushSettings } from '../../src/pwa/pushSettings.ts'

// The browser's edges the device module talks to: the Notification permission, the worker's PushManager, Cache
// Storage and the network. Each call any of them receives is written to `calls`, in order.
const calls: string[] = []
const key = `BA${'Q'.repeat(85)}`
const otherKey = `BB${'Q'.repeat(85)}`
const keyBytes = (k: string) => Uint8Array.from(atob(k.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))
const view = {
  id: 5,
  endpointHost: 'fcm.googleapis.com',
  device: 'Chrome',
  categories: ['usage'],
  createdAt: 'x',
  lastSeenAt: 'x',
  quietFrom: 1200,
  quietUntil: 420,
}

function subscriptionOf(endpoint: string, withKey: string) {
  return {
    endpoint,
    options: { applicationServerKey: keyBytes(withKey).buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      calls.push(`unsubscribe ${endpoint}`)
      device.held = null
      return true
    },
  }
}

const device: {
  permission: NotificationPermission
  answer: NotificationPermission
  held: ReturnType<typeof subscriptionOf> | null
  settings: string | undefined
  online: boolean
} = {
  permission: 'default',
  answer: 'granted',
  held: null,
  settings: undefined,
  online: true,
}

beforeEach(() => {
  calls.length = 0
  Object.assign(device, { permission: 'default', answer: 'granted', held: null, settings: undefined, online: true })
  const pushManager = {
    getSubscription: async () => device.held,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => {
      const made = String.fromCharCode(...options.applicationServerKey) === String.fromCharCode(...keyBytes(key)) ? 'key' : 'other key'
      calls.push(`subscribe with ${made}`)
      device.held = subscriptionOf('https://fcm.googleapis.com/fcm/send/new', made === 'key' ? key : otherKey)
      return device.held
    },
  }
  const registration = { pushManager }
  vi.stubGlobal('window', { matchMedia: () => ({ matches: false }), PushManager: class {}, Notification: class {} })
  vi.stubGlobal('navigator', {
    userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/138.0.0.0 Mobile Safari/537.36',
    maxTouchPoints: 5,
    serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  })
  vi.stubGlobal('Notification', {
    get permission() {
      return device.permission
    },
    requestPermission: async () => {
      calls.push('ask permission')
      device.permission = device.answer
      return device.answer
    },
  })
  const cache = {
    match: async () => (device.settings === undefined ? undefined : new Response(device.settings)),
    put: async (_: string, response: Response) => {
      device.settings = await response.text()
    },
  }
  vi.stubGlobal('caches', { open: async () => cache })
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = new Request(new URL(typeof input === 'string' ? input : input.url, 'http://shop.test'), init)
    const path = new URL(request.url).pathname
    if (!device.online) {
      calls.push(`offline ${request.method} ${path}`)
      throw new TypeError('Failed to fetch')
    }
    calls.push(`${request.method} ${path}${request.method === 'PUT' ? ` ${await request.text()}` : ''}`)
    const body = path === '/api/push/key' ? { publicKey: key } : { subscription: view }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})

afterEach(() => vi.unstubAllGlobals())

const xhosa = setupI18n({ locale: 'xh', messages: { xh: {} } })
const stored = (): PushSettings | undefined => (device.settings === undefined ? undefined : JSON.parse(device.settings))
const put = (categories: string[], language: string) =>
  `PUT /api/push/subscription ${JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) }, categories, language })}`

describe('turning notifications on from a tap', () => {
  it('asks the permission before anything else, then subscribes with the server key and stores it for the session', async () => {
    expect(await optIn(xhosa, ['usage', 'payments'])).toEqual({ kind: 'saved', subscription: view })
    expect(calls).toEqual(['ask permission', 'GET /api/push/key', 'subscribe with key', put(['usage', 'payments'], 'xh')])
    expect(stored()).toMatchObject({ language: 'xh', subscription: { categories: ['usage', 'payments'], applicationServerKey: key, id: 5 } })
  })

  it('does nothing more when the permission is refused or the prompt dismissed', async () => {
    device.answer = 'denied'
    expect(await optIn(xhosa, ['usage'])).toEqual({ kind: 'denied' })
    device.permission = 'default'
    device.answer = 'default'
    expect(await optIn(xhosa, ['usage'])).toEqual({ kind: 'dismissed' })
    expect(calls).toEqual(['ask permission', 'ask permission'])
    expect(device.held).toBeNull()
  })

  it('replaces a subscription made with another key, and keeps one made with this key (changing only its categories)', async () => {
    device.permission = 'granted'
    device.held = subscriptionOf('https://fcm.googleapis.com/fcm/send/old', otherKey)
    await optIn(xhosa, ['usage'])
    expect(calls.slice(0, 3)).toEqual(['GET /api/push/key', 'unsubscribe https://fcm.googleapis.com/fcm/send/old', 'subscribe with key'])
    calls.length = 0
    await optIn(xhosa, [])
    expect(calls).toEqual(['GET /api/push/key', put([], 'xh')])
  })

  it('says when no answer came, and keeps no settings of a subscription the server never stored', async () => {
    device.permission = 'granted'
    device.online = false
    expect(await optIn(xhosa, ['usage'])).toEqual({ kind: 'no-answer' })
    expect(stored()?.subscription ?? null).toBeNull()
  })
})

describe('the start re-check', () => {
  const held: PushSettings = {
    language: 'en',
    fallback: { title: 't', body: 'b' },
    subscription: { categories: ['services'], applicationServerKey: key, id: 5 },
  }

  it("stores the device's subscription again for this session in the active language, never asking permission", async () => {
    device.permission = 'granted'
    device.settings = JSON.stringify(held)
    device.held = subscriptionOf('https://fcm.googleapis.com/fcm/send/new', key)
    await recheckPush(xhosa)
    expect(calls).toEqual([put(['services'], 'xh')])
    expect(stored()).toMatchObject({ language: 'xh', fallback: { title: 'New notification' } })
  })

  it('makes a subscription the browser dropped again with the same key', async () => {
    device.permission = 'granted'
    device.settings = JSON.stringify(held)
    await recheckPush(xhosa)
    expect(calls).toEqual(['subscribe with key', put(['services'], 'xh')])
  })

  it('drops a subscription the device holds for no customer (a sign-out that could not reach the push service)', async () => {
    device.permission = 'granted'
    device.settings = JSON.stringify({ ...held, subscription: null })
    device.held = subscriptionOf('https://fcm.googleapis.com/fcm/send/old', key)
    await recheckPush(xhosa)
    expect(calls).toEqual(['unsubscribe https://fcm.googleapis.com/fcm/send/old'])
  })

  it('only hands the worker its fallback texts when notifications are not allowed', async () => {
    device.settings = JSON.stringify(held)
    await recheckPush(xhosa)
    expect(calls).toEqual([])
    expect(stored()).toMatchObject({ language: 'xh', subscription: held.subscription })
  })
})

describe('sign-out', () => {
  it('unsubscribes the device and forgets its categories, with no network needed', async () => {
    device.online = false
    device.settings = JSON.stringify({
      language: 'af',
      fallback: { title: 't', body: 'b' },
      subscription: { categories: ['usage'], applicationServerKey: key },
    })
    device.held = subscriptionOf('https://fcm.googleapis.com/fcm/send/mine', key)
    await forgetPush()
    expect(calls).toEqual(['unsubscribe https://fcm.googleapis.com/fcm/send/mine'])
    expect(stored()).toMatchObject({ language: 'af', subscription: null })
  })
})

describe('what the browser offers', () => {
  it('push where the browser has it, the Home Screen hint in iOS Safari outside the installed app, else nothing', () => {
    expect(pushSupport()).toBe('supported')
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) Version/18.5 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    })
    expect(pushSupport()).toBe('install-first')
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', maxTouchPoints: 0 })
    expect(pushSupport()).toBe('unsupported')
  })
})
