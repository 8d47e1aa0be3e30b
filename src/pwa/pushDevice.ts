import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fetchPushKey, savePushSubscription, type PushSaveResult } from '../api/push.ts'
import { CACHES } from '../domain/caches.ts'
import { isLanguage, DEFAULT_LANGUAGE } from '../domain/languageCodes.ts'
import { PUSH_CATEGORIES, type PushCategory } from '../domain/push.ts'
import { installsFromShareMenu } from './platform.ts'
import { cachedPushSettings, type PushSettings, type PushSettingsStore } from './pushSettings.ts'

/**
 * This device's push subscription, as the page handles it: asked for only from a tap, stored with the server for the
 * session, renewed on every start, dropped on sign-out. The worker's side is sw/push.ts.
 */

/** What this browser can do: push, nothing, or push only once the app is added to the Home Screen (iOS Safari). */
export type PushSupport = 'supported' | 'install-first' | 'unsupported'

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported'
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches
  // iOS Safari has Web Push only in an app added to the Home Screen (16.4 and later): in a tab it shows the hint instead.
  if (installsFromShareMenu(navigator.userAgent, navigator.maxTouchPoints) && !standalone) return 'install-first'
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'supported' : 'unsupported'
}

/** The browser's notification permission for this site; 'default' where there is none to read. */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission
}

const store = (): PushSettingsStore | undefined => (typeof caches === 'undefined' ? undefined : cachedPushSettings(CACHES.push))

const FALLBACK_TITLE = msg`New notification`
const FALLBACK_BODY = msg`Something changed on your account. Open the app to see it.`

/** The settings the worker shows a push with, in the active language, keeping `subscription`. */
function settingsFor(i18n: I18n, subscription: PushSettings['subscription']): PushSettings {
  return { language: i18n.locale, fallback: { title: i18n._(FALLBACK_TITLE), body: i18n._(FALLBACK_BODY) }, subscription }
}

const languageOf = (i18n: I18n) => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE)

/** The worker's registration once it is active; undefined when none comes in time (dev, a browser that refused it). */
async function activeRegistration(waitMs: number): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs))
  return Promise.race([navigator.serviceWorker.ready, timeout])
}

const keyBytes = (key: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(key.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))

const sameKey = (subscription: PushSubscription, key: string): boolean => {
  const held = subscription.options.applicationServerKey
  if (!held) return false
  const wanted = keyBytes(key)
  const bytes = new Uint8Array(held)
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i])
}

/** Stores `subscription` with the server for this session, and on success what the worker renews it with. */
async function saveSubscription(i18n: I18n, subscription: PushSubscription, categories: PushCategory[], key: string): Promise<PushSaveResult> {
  const { endpoint, keys } = subscription.toJSON()
  const saved = await savePushSubscription({
    endpoint: endpoint ?? '',
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    categories,
    language: languageOf(i18n),
  })
  if (saved.kind === 'saved') await store()?.write(settingsFor(i18n, { categories, applicationServerKey: key, id: saved.subscription.id }))
  return saved
}

/** The outcome of turning notifications on or changing their categories. */
export type PushOptIn = PushSaveResult | { kind: 'denied' } | { kind: 'dismissed' } | { kind: 'unavailable'; reason: string }

/**
 * Subscribes this device for `categories` (or changes them) and stores it with the server. Called from a tap only:
 * the permission is asked first, before any other wait, while the tap still counts as the customer's gesture.
 */
export async function optIn(i18n: I18n, categories: PushCategory[]): Promise<PushOptIn> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission()
  if (permission === 'denied') return { kind: 'denied' }
  if (permission !== 'granted') return { kind: 'dismissed' }
  const registration = await activeRegistration(10_000)
  if (!registration) return { kind: 'unavailable', reason: 'no service worker' }
  let key: string
  try {
    key = await fetchPushKey()
  } catch {
    return { kind: 'no-answer' }
  }
  try {
    let subscription = await registration.pushManager.getSubscription()
    // A subscription made with another key (the operator changed it) cannot receive this server's pushes.
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) })
    return await saveSubscription(i18n, subscription, categories, key)
  } catch (e) {
    return { kind: 'unavailable', reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }
  }
}

/** This device's subscription as the device last stored it (its categories, its row's id); null when it is not subscribed. */
export async function deviceSubscription(): Promise<{ categories: PushCategory[]; id: number | null } | null> {
  const held = (
    await store()
      ?.read()
      .catch(() => undefined)
  )?.subscription
  if (!held || notificationPermission() !== 'granted') return null
  return { categories: held.categories.filter((c): c is PushCategory => (PUSH_CATEGORIES as readonly string[]).includes(c)), id: held.id }
}

/**
 * On every start of a signed-in customer's app: the worker gets the fallback texts in the active language, and a
 * subscription this device holds is stored again (refreshing its row, binding it to this session; recreated if the
 * server dropped it). One the device holds with no categories of a customer is a previous customer's: dropped.
 */
export async function recheckPush(i18n: I18n): Promise<void> {
  const kept = store()
  if (!kept || pushSupport() !== 'supported') return
  const settings = await kept.read().catch(() => undefined)
  await kept.write(settingsFor(i18n, settings?.subscription ?? null))
  if (notificationPermission() !== 'granted') return
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return
  const held = settings?.subscription
  let subscription = await registration.pushManager.getSubscription()
  if (!held) {
    await subscription?.unsubscribe()
    return
  }
  // Expired or dropped by the browser: made again with the same key (the permission is already given).
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(held.applicationServerKey) })
  await saveSubscription(i18n, subscription, held.categories as PushCategory[], held.applicationServerKey)
}

/**
 * Sign-out: this device stops receiving the customer's notifications. The subscription is dropped in the browser and
 * forgotten by the worker; the server drops its row with the session when the logout reaches it, also when sent later.
 */
export async function forgetPush(): Promise<void> {
  const kept = store()
  const settings = await kept?.read().catch(() => undefined)
  if (settings?.subscription) await kept?.write({ ...settings, subscription: null })
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  await (await registration?.pushManager.getSubscription())?.unsubscribe()
}
