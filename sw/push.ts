/// <reference lib="webworker" />
import type { PushSettingsStore } from '../src/pwa/pushSettings.ts'

/**
 * The worker's push handlers. Every push shows exactly one notification inside waitUntil, whatever its data: iOS
 * revokes a subscription after pushes that show nothing. Written against a `scope` (the worker's self) so the tests
 * drive them with a fake one.
 */

/** What the handlers use of the worker's global scope. */
export interface PushScope {
  location: { origin: string }
  registration: Pick<ServiceWorkerRegistration, 'showNotification' | 'pushManager'>
  clients: Pick<Clients, 'matchAll' | 'openWindow'>
  addEventListener: ServiceWorkerGlobalScope['addEventListener']
}

export interface PushEffects {
  store: PushSettingsStore
  /** PUT /api/push/subscription with the worker's own headers; the answer's status, or a rejection with no answer. */
  save(body: object): Promise<{ status: number }>
}

/** What a notification says when the push's data cannot be read and the page never told the worker its language's texts. */
export const ENGLISH_FALLBACK = { title: 'New notification', body: 'Something changed on your account. Open the app to see it.' } as const

export interface ShownNotification {
  title: string
  options: NotificationOptions & { data: { url: string } }
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** A path on our own origin for `navigate`, else the home page: a push never opens another site. */
export function sameOriginUrl(navigate: unknown, origin: string): string {
  if (typeof navigate !== 'string') return `${origin}/`
  try {
    const url = new URL(navigate, origin)
    return url.origin === origin ? url.href : `${origin}/`
  } catch {
    return `${origin}/`
  }
}

/** The notification a push's data asks for (Declarative Web Push JSON), or the fallback when it is missing or unreadable. */
export function notificationOf(data: string | undefined, origin: string, fallback: { title: string; body: string }): ShownNotification {
  const home: ShownNotification = { title: fallback.title, options: { body: fallback.body, data: { url: `${origin}/` } } }
  if (data === undefined) return home
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return home
  }
  const notification = (parsed as { notification?: unknown } | null)?.notification
  if (typeof notification !== 'object' || notification === null) return home
  const n = notification as Record<string, unknown>
  const title = textOf(n.title)
  if (!title) return home
  const options: ShownNotification['options'] = { data: { url: sameOriginUrl(n.navigate, origin) } }
  const body = textOf(n.body)
  const lang = textOf(n.lang)
  const tag = textOf(n.tag)
  if (body) options.body = body
  if (lang) options.lang = lang
  if (n.dir === 'ltr' || n.dir === 'rtl' || n.dir === 'auto') options.dir = n.dir
  if (tag) options.tag = tag
  return { title, options }
}

async function fallbackTexts(store: PushSettingsStore): Promise<{ title: string; body: string }> {
  try {
    return (await store.read())?.fallback ?? ENGLISH_FALLBACK
  } catch {
    return ENGLISH_FALLBACK
  }
}

function pushText(event: PushEvent): string | undefined {
  try {
    return event.data?.text()
  } catch {
    return undefined
  }
}

/** One notification for one push; if showing the asked one fails, the fallback is shown instead, never none. */
export async function showPush(scope: PushScope, store: PushSettingsStore, data: string | undefined): Promise<void> {
  const fallback = await fallbackTexts(store)
  const shown = notificationOf(data, scope.location.origin, fallback)
  try {
    await scope.registration.showNotification(shown.title, shown.options)
  } catch {
    await scope.registration.showNotification(fallback.title, { body: fallback.body, data: { url: `${scope.location.origin}/` } })
  }
}

/** A tap: the notification closes; a window of ours is focused first and then navigated, or a new one opened when none is. */
export async function openFromNotification(scope: PushScope, notification: Pick<Notification, 'close' | 'data'>): Promise<void> {
  notification.close()
  const origin = scope.location.origin
  const url = sameOriginUrl((notification.data as { url?: unknown } | null)?.url, origin)
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[]
  const ours = windows.filter((client) => new URL(client.url).origin === origin)
  const target = ours.find((client) => client.focused) ?? ours.find((client) => client.visibilityState === 'visible') ?? ours[0]
  if (!target) {
    await scope.clients.openWindow(url)
    return
  }
  // Focus first: a window navigated before it is focused may be refused focus (no user activation left).
  const focused = await target.focus()
  try {
    // navigate() answers null for a window it may not drive (not controlled by this worker): a new window then.
    if ((await focused.navigate(url)) === null) await scope.clients.openWindow(url)
  } catch {
    await scope.clients.openWindow(url)
  }
}

const base64url = (bytes: ArrayBuffer | null | undefined): string | undefined => {
  if (!bytes) return undefined
  let text = ''
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte)
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

const keyBytes = (key: string): Uint8Array<ArrayBuffer> => {
  const text = atob(key.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(text, (c) => c.charCodeAt(0))
}

/**
 * The browser replaced or dropped this device's subscription: subscribe again with the same key and store it with the
 * categories and language the old one had. Nothing when the device had none (signed out, never opted in).
 */
export async function renewSubscription(
  scope: PushScope,
  effects: PushEffects,
  event: { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null },
): Promise<void> {
  const settings = await effects.store.read()
  if (!settings?.subscription) return
  const key = base64url(event.oldSubscription?.options.applicationServerKey) ?? settings.subscription.applicationServerKey
  const renewed = event.newSubscription ?? (await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }))
  const { endpoint, keys } = renewed.toJSON()
  await effects.save({ endpoint, keys, categories: settings.subscription.categories, language: settings.language })
}

/** The worker's push, notificationclick and pushsubscriptionchange listeners on `scope`. */
export function listenForPush(scope: PushScope, effects: PushEffects): void {
  scope.addEventListener('push', (event: PushEvent) => event.waitUntil(showPush(scope, effects.store, pushText(event))))
  scope.addEventListener('notificationclick', (event: NotificationEvent) => event.waitUntil(openFromNotification(scope, event.notification)))
  // Not in TypeScript's lib: Chromium and Firefox fire it when the push service renews or drops the subscription.
  scope.addEventListener('pushsubscriptionchange', (event: Event) => {
    const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null }
    change.waitUntil(renewSubscription(scope, effects, change).catch(() => undefined))
  })
}
