// Every message the page and its service worker post each other. No import, so the worker's bundle takes only these lines.

/** Page to worker: the customer signed out; the worker drops their cached reads and the orders it still holds. */
export const CUSTOMER_SIGNED_OUT = 'customer.signedOut'
/** Page to worker: the waiting worker takes over (posted by workbox-window's messageSkipWaiting on "Reload"). */
export const SKIP_WAITING = 'SKIP_WAITING'
/** Page to worker: which build the worker is; it answers `{ build }` on the message's port. */
export const GET_VERSION = 'GET_VERSION'
/** Page to worker: what the worker needs to show and renew push notifications with no page open (sw/push.ts). */
export const PUSH_SETTINGS = 'push.settings'
/** Worker to page: the server answered orders the worker replayed, so the connection is back. */
export const ORDERS_REPLAYED = 'orders.replayed'

/**
 * The device's push settings as the page last told them: the fallback texts in the customer's language (for a push
 * whose data cannot be read) and, while subscribed, what a renewed subscription is stored with.
 */
export interface PushSettings {
  language: string
  fallback: { title: string; body: string }
  /** The categories, language and key of this device's subscription; null when it has none (signed out, never opted in). */
  subscription: { categories: string[]; applicationServerKey: string } | null
}

/** What a page posts to the worker. */
export type PageMessage =
  | { type: typeof CUSTOMER_SIGNED_OUT }
  | { type: typeof SKIP_WAITING }
  | { type: typeof GET_VERSION }
  | { type: typeof PUSH_SETTINGS; settings: PushSettings }
/** What the worker posts to its pages. */
export type WorkerMessage = { type: typeof ORDERS_REPLAYED }
/** The worker's answer to GET_VERSION, on the port the page sent. */
export interface VersionAnswer {
  build: string | undefined
}

const PAGE_TYPES: readonly string[] = [CUSTOMER_SIGNED_OUT, SKIP_WAITING, GET_VERSION]
const WORKER_TYPES: readonly string[] = [ORDERS_REPLAYED]

const typeOf = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined)

const isText = (value: unknown): value is string => typeof value === 'string'

/** Push settings as a page posted them, or undefined when any part is not what PushSettings says. */
export function pushSettingsOf(value: unknown): PushSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { language, fallback, subscription } = value as Record<string, unknown>
  const texts = (typeof fallback === 'object' && fallback !== null ? fallback : {}) as Record<string, unknown>
  if (!isText(language) || !isText(texts.title) || !isText(texts.body)) return undefined
  const held = (typeof subscription === 'object' && subscription !== null ? subscription : undefined) as Record<string, unknown> | undefined
  if (subscription !== null && !(held && Array.isArray(held.categories) && held.categories.every(isText) && isText(held.applicationServerKey))) return undefined
  return {
    language,
    fallback: { title: texts.title, body: texts.body },
    subscription: held ? { categories: held.categories as string[], applicationServerKey: held.applicationServerKey as string } : null,
  }
}

/** The page's message in `data`, or undefined for anything else (another library's message, a stray string). */
export function pageMessage(data: unknown): PageMessage | undefined {
  const type = typeOf(data)
  if (type === PUSH_SETTINGS) {
    const settings = pushSettingsOf((data as { settings?: unknown }).settings)
    return settings ? { type, settings } : undefined
  }
  return typeof type === 'string' && PAGE_TYPES.includes(type) ? ({ type } as PageMessage) : undefined
}

/** The worker's message in `data`, or undefined for anything else (Workbox's own messages). */
export function workerMessage(data: unknown): WorkerMessage | undefined {
  const type = typeOf(data)
  return typeof type === 'string' && WORKER_TYPES.includes(type) ? ({ type } as WorkerMessage) : undefined
}

/** Posts `message` to the worker that controls this page; nothing when no worker does (tests, a first visit). */
export function postToWorker(message: PageMessage): void {
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) navigator.serviceWorker.controller?.postMessage(message)
}
