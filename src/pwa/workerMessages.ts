// Every message the page and its service worker post each other. No import, so the worker's bundle takes only these lines.

/** Page to worker: the customer signed out; the worker drops their cached reads and the orders it still holds. */
export const CUSTOMER_SIGNED_OUT = 'customer.signedOut'
/** Page to worker: the waiting worker takes over (posted by workbox-window's messageSkipWaiting on "Reload"). */
export const SKIP_WAITING = 'SKIP_WAITING'
/** Page to worker: which build the worker is; it answers `{ build }` on the message's port. */
export const GET_VERSION = 'GET_VERSION'
/** Worker to page: the server answered orders the worker replayed, so the connection is back. */
export const ORDERS_REPLAYED = 'orders.replayed'

/** What a page posts to the worker. */
export type PageMessage = { type: typeof CUSTOMER_SIGNED_OUT } | { type: typeof SKIP_WAITING } | { type: typeof GET_VERSION }
/** What the worker posts to its pages. */
export type WorkerMessage = { type: typeof ORDERS_REPLAYED }
/** The worker's answer to GET_VERSION, on the port the page sent. */
export interface VersionAnswer {
  build: string | undefined
}

const PAGE_TYPES: readonly string[] = [CUSTOMER_SIGNED_OUT, SKIP_WAITING, GET_VERSION]
const WORKER_TYPES: readonly string[] = [ORDERS_REPLAYED]

const typeOf = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined)

/** The page's message in `data`, or undefined for anything else (another library's message, a stray string). */
export function pageMessage(data: unknown): PageMessage | undefined {
  const type = typeOf(data)
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
