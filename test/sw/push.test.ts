import { describe, expect, it } from 'vitest'
import { ENGLISH_FALLBACK, listenForPush, type PushEffects, type PushScope } from '../../sw/push.ts'
import { cachedPushSettings, type PushSettings, type PushSettingsStore } from '../../src/pwa/pushSettings.ts'

const origin = 'https://shop.example'

/** A window the fake worker's clients.matchAll lists; each call it receives is written to `calls`. */
function windowOf(url: string, calls: string[], { focused = false, navigates = true } = {}) {
  const client = {
    url,
    focused,
    visibilityState: focused ? 'visible' : 'hidden',
    focus: async () => {
      calls.push(`focus ${url}`)
      return client
    },
    navigate: async (to: string) => {
      calls.push(`navigate ${to}`)
      return navigates ? client : null
    },
  }
  return client
}

interface FakeWorker {
  scope: PushScope
  calls: string[]
  shown: { title: string; options: NotificationOptions & { data?: { url: string } } }[]
  saved: object[]
  held: { settings: PushSettings | undefined }
  /** Fires an event at the listener of `type` and waits for what it handed to waitUntil; fails when it handed nothing. */
  fire(type: string, event: object, handed?: number): Promise<void>
}

function fakeWorker(
  options: { windows?: (calls: string[]) => object[]; settings?: PushSettings; showFails?: number; storeFails?: boolean; subscribed?: object } = {},
): FakeWorker {
  const calls: string[] = []
  const shown: FakeWorker['shown'] = []
  const saved: object[] = []
  const held = { settings: options.settings }
  const listeners = new Map<string, (event: object) => void>()
  let showFails = options.showFails ?? 0
  const scope = {
    location: { origin },
    registration: {
      showNotification: async (title: string, opts: NotificationOptions) => {
        calls.push(`show ${title}`)
        if (showFails-- > 0) throw new TypeError('bad options')
        shown.push({ title, options: opts })
      },
      pushManager: {
        subscribe: async (opts: PushSubscriptionOptionsInit) => {
          calls.push(`subscribe ${Array.from(opts.applicationServerKey as Uint8Array).join(',')}`)
          return options.subscribed
        },
      },
    },
    clients: {
      matchAll: async () => options.windows?.(calls) ?? [],
      openWindow: async (url: string) => {
        calls.push(`open ${url}`)
        return null
      },
    },
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
  } as unknown as PushScope
  const store: PushSettingsStore = {
    read: async () => {
      if (options.storeFails) throw new Error('no cache storage')
      return held.settings
    },
    write: async (settings) => {
      held.settings = settings
    },
  }
  const effects: PushEffects = {
    store,
    save: async (body) => {
      saved.push(body)
      return { status: 200 }
    },
  }
  listenForPush(scope, effects)
  return {
    scope,
    calls,
    shown,
    saved,
    held,
    async fire(type, event, handed = 1) {
      const waited: Promise<unknown>[] = []
      listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waited.push(p) })
      expect(waited, `${type} handed its work to waitUntil`).toHaveLength(handed)
      await Promise.all(waited)
    },
  }
}

const pushOf = (text: string | undefined) => ({ data: text === undefined ? null : { text: () => text } })
const declarative = (notification: object) => JSON.stringify({ web_push: 8030, notification, mutable: false, kind: 'usage_80' })
const xhosa: PushSettings = {
  language: 'xh',
  fallback: { title: 'Isaziso esitsha', body: 'Kukho into etshintshileyo.' },
  subscription: { categories: ['usage', 'payments'], applicationServerKey: 'BAEC', id: 4 },
}

describe("the worker's push", () => {
  it('shows the notification the Declarative Web Push JSON describes, with the page to open, inside waitUntil', async () => {
    const worker = fakeWorker()
    await worker.fire(
      'push',
      pushOf(
        declarative({
          title: 'Data 80% used',
          body: '1 GB left',
          lang: 'af',
          dir: 'ltr',
          navigate: `${origin}/portal/sims/4`,
          tag: 'usage-ab12',
          silent: false,
        }),
      ),
    )
    expect(worker.shown).toEqual([
      { title: 'Data 80% used', options: { body: '1 GB left', lang: 'af', dir: 'ltr', tag: 'usage-ab12', data: { url: `${origin}/portal/sims/4` } } },
    ])
  })

  it('shows exactly one notification for every push, the fallback in the language the page stored when the data cannot be read', async () => {
    const unreadable = [
      pushOf(undefined),
      pushOf('not json'),
      pushOf('null'),
      pushOf('{"web_push": 8030}'),
      pushOf(declarative({ title: '', body: 'no title' })),
      pushOf(declarative({ title: 42 })),
      {
        data: {
          text: () => {
            throw new TypeError('not text')
          },
        },
      },
    ]
    for (const event of unreadable) {
      const worker = fakeWorker({ settings: xhosa })
      await worker.fire('push', event)
      expect(worker.shown).toEqual([{ title: 'Isaziso esitsha', options: { body: 'Kukho into etshintshileyo.', data: { url: `${origin}/` } } }])
    }
  })

  it('falls back to English when the page never told the worker its texts, or they cannot be read', async () => {
    for (const worker of [fakeWorker(), fakeWorker({ settings: xhosa, storeFails: true })]) {
      await worker.fire('push', pushOf('{'))
      expect(worker.shown.map((n) => [n.title, n.options.body])).toEqual([[ENGLISH_FALLBACK.title, ENGLISH_FALLBACK.body]])
    }
  })

  it('never opens another site: a navigate off our origin opens the home page', async () => {
    const worker = fakeWorker()
    await worker.fire('push', pushOf(declarative({ title: 'Paid', navigate: 'https://evil.example/orders/1' })))
    await worker.fire('push', pushOf(declarative({ title: 'Paid', navigate: '/orders/7' })))
    expect(worker.shown.map((n) => n.options.data?.url)).toEqual([`${origin}/`, `${origin}/orders/7`])
  })

  it('still shows a notification when the asked one is refused (bad options): the fallback', async () => {
    const worker = fakeWorker({ showFails: 1, settings: xhosa })
    await worker.fire('push', pushOf(declarative({ title: 'Data 80% used', dir: 'ltr' })))
    expect(worker.calls).toEqual(['show Data 80% used', 'show Isaziso esitsha'])
    expect(worker.shown.map((n) => n.title)).toEqual(['Isaziso esitsha'])
  })
})

describe("the worker's notification tap", () => {
  const tap = (url: unknown, calls: string[]) => ({
    notification: {
      data: { url },
      close: () => calls.push('close'),
    },
  })

  it('closes the notification, focuses a window of ours first and then navigates it; no new window', async () => {
    const worker = fakeWorker({ windows: (calls) => [windowOf('https://other.example/', calls, { focused: true }), windowOf(`${origin}/cart`, calls)] })
    await worker.fire('notificationclick', tap(`${origin}/orders/9`, worker.calls))
    expect(worker.calls).toEqual(['close', `focus ${origin}/cart`, `navigate ${origin}/orders/9`])
  })

  it('prefers the focused window of ours when there are several', async () => {
    const worker = fakeWorker({ windows: (calls) => [windowOf(`${origin}/a`, calls), windowOf(`${origin}/b`, calls, { focused: true })] })
    await worker.fire('notificationclick', tap(`${origin}/orders/9`, worker.calls))
    expect(worker.calls).toEqual(['close', `focus ${origin}/b`, `navigate ${origin}/orders/9`])
  })

  it('opens a window when none of ours is open, at the same-origin page only', async () => {
    const worker = fakeWorker({ windows: (calls) => [windowOf('https://other.example/', calls)] })
    await worker.fire('notificationclick', tap(`${origin}/portal`, worker.calls))
    await worker.fire('notificationclick', tap('javascript:alert(1)', worker.calls))
    expect(worker.calls).toEqual(['close', `open ${origin}/portal`, 'close', `open ${origin}/`])
  })

  it('opens a window when ours cannot be navigated (not controlled by this worker)', async () => {
    const worker = fakeWorker({ windows: (calls) => [windowOf(`${origin}/`, calls, { navigates: false })] })
    await worker.fire('notificationclick', tap(`${origin}/orders/9`, worker.calls))
    expect(worker.calls).toEqual(['close', `focus ${origin}/`, `navigate ${origin}/orders/9`, `open ${origin}/orders/9`])
  })
})

describe("the worker's renewal of a subscription", () => {
  const renewed = { toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'P', auth: 'A' } }) }

  it('subscribes again with the same key and stores it with the categories and language kept', async () => {
    const worker = fakeWorker({ settings: xhosa, subscribed: renewed })
    await worker.fire('pushsubscriptionchange', {
      oldSubscription: { options: { applicationServerKey: new Uint8Array([9, 8, 7]).buffer } },
      newSubscription: null,
    })
    expect(worker.calls).toEqual(['subscribe 9,8,7'])
    expect(worker.saved).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'P', auth: 'A' }, categories: ['usage', 'payments'], language: 'xh' },
    ])
  })

  it('uses the key the page stored when the old subscription is gone, and a new subscription the browser already made', async () => {
    const worker = fakeWorker({ settings: xhosa, subscribed: renewed })
    await worker.fire('pushsubscriptionchange', { oldSubscription: null })
    expect(worker.calls).toEqual(['subscribe 4,1,2'])
    const given = fakeWorker({ settings: xhosa })
    await given.fire('pushsubscriptionchange', { newSubscription: renewed })
    expect(given.calls).toEqual([])
    expect(given.saved).toHaveLength(1)
  })

  it('does nothing for a device with no subscription of a customer (signed out)', async () => {
    const worker = fakeWorker({ settings: { ...xhosa, subscription: null }, subscribed: renewed })
    await worker.fire('pushsubscriptionchange', { oldSubscription: null })
    expect({ calls: worker.calls, saved: worker.saved }).toEqual({ calls: [], saved: [] })
  })
})

describe('the push settings in Cache Storage', () => {
  /** Cache Storage as the browser has it, for one cache of Responses by key. */
  const fakeCaches = () => {
    const held = new Map<string, Response>()
    const cache = { match: async (key: string) => held.get(key)?.clone(), put: async (key: string, response: Response) => void held.set(key, response) }
    return { held, storage: { open: async () => cache } as unknown as CacheStorage }
  }

  it('reads back what the page wrote, and nothing from a damaged or foreign copy', async () => {
    const { held, storage } = fakeCaches()
    const store = cachedPushSettings('push-settings-v1', storage)
    expect(await store.read()).toBeUndefined()
    await store.write(xhosa)
    expect(await store.read()).toEqual(xhosa)
    for (const bad of [
      '{',
      '{"language":"xh"}',
      JSON.stringify({ ...xhosa, subscription: { categories: 'usage' } }),
      JSON.stringify({ ...xhosa, fallback: null }),
    ]) {
      held.set('/push-settings.json', new Response(bad))
      expect(await store.read(), bad).toBeUndefined()
    }
  })
})
