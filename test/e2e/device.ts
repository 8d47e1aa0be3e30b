/**
 * What the device holds and is busy with, read through the browser's own APIs (IndexedDB, Web Locks, Background
 * Sync) and the network the test watches: the deterministic points a test waits for before it checks that
 * something did NOT happen (no second send, no late toast), instead of waiting a fixed time.
 */
import { expect } from 'vitest'
import type { BrowserContext, Page, Request } from 'playwright-core'

/** Every row of an IndexedDB object store ([] when the database or the store does not exist yet). */
export async function storeRows<T>(page: Page, database: string, store: string): Promise<T[]> {
  return page.evaluate(
    async ({ database, store }) => {
      // Opening a database that is not there would create it (empty, version 1) under the app's feet.
      if (!(await indexedDB.databases()).some((d) => d.name === database)) return []
      return new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(database)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(store)) {
            db.close()
            return resolve([])
          }
          const all = db.transaction(store).objectStore(store).getAll()
          all.onsuccess = () => {
            db.close()
            resolve(all.result as T[])
          }
          all.onerror = () => {
            db.close()
            reject(all.error)
          }
        }
      })
    },
    { database, store },
  )
}

/** Whether the app's database exists on the device: a new device has none until the customer keeps something. */
export async function deviceInUse(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'storefront'))
}

interface OutboxRow {
  id: string
  kind: string
  status: 'pending' | 'sending' | 'acknowledged' | 'rejected' | 'retrying'
}

/** The outbox rows of one kind (src/store/rows.ts) that still wait for the server's answer. */
export async function openOutboxRows(page: Page, kind: string): Promise<OutboxRow[]> {
  const rows = await storeRows<OutboxRow>(page, 'storefront', 'outbox')
  return rows.filter((row) => row.kind === kind && row.status !== 'acknowledged' && row.status !== 'rejected')
}

/** Whether a tab of this origin holds, or waits for, the 'outbox' Web Lock a drain runs under (src/outbox/lock.ts). */
export async function outboxDraining(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query()
    return [...held, ...pending].some((lock) => lock.name === 'outbox')
  })
}

/** Requests the worker's background-sync queue (sw/orderQueue.ts) still holds, and whether its sync is still due or running. */
export async function workerQueue(page: Page, queue: string): Promise<{ queued: number; syncing: boolean }> {
  const rows = await storeRows<{ queueName: string }>(page, 'workbox-background-sync', 'requests')
  const syncing = await page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.getRegistration()
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } }) | undefined)?.sync
    return sync ? (await sync.getTags()).includes(tag) : false
  }, `workbox-background-sync:${queue}`)
  return { queued: rows.filter((row) => row.queueName === queue).length, syncing }
}

/** Requests of a kind the context (its pages and its service worker) started and that have not finished yet. */
export interface Watched {
  /** Every request of the kind seen so far, in order. */
  started: Request[]
  /** How many are still waiting for their answer (or their failure). */
  inFlight: () => number
}

export function watchRequests(context: BrowserContext, matches: (request: Request) => boolean): Watched {
  const started: Request[] = []
  const open = new Set<Request>()
  context.on('request', (request) => {
    if (!matches(request)) return
    started.push(request)
    open.add(request)
  })
  const done = (request: Request) => open.delete(request)
  context.on('requestfinished', done)
  context.on('requestfailed', done)
  return { started, inFlight: () => open.size }
}

/**
 * Waits until nothing can send an outbox row of `kind` any more: no row of it waits for an answer, no tab is in a
 * drain, the worker's queue (when given) holds none and runs no sync, and every such request seen has finished.
 */
export async function untilOutboxSettled(page: Page, kind: string, requests: Watched, options: { workerQueue?: string; timeout?: number } = {}): Promise<void> {
  await expect
    .poll(
      async () => ({
        open: (await openOutboxRows(page, kind)).length,
        draining: await outboxDraining(page),
        worker: options.workerQueue ? await workerQueue(page, options.workerQueue) : { queued: 0, syncing: false },
        inFlight: requests.inFlight(),
      }),
      { timeout: options.timeout ?? 20_000, message: `the ${kind} outbox settled` },
    )
    .toEqual({ open: 0, draining: false, worker: { queued: 0, syncing: false }, inFlight: 0 })
}

/** The device loses its connection, and the page knows it (navigator.onLine). */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true)
  await page.waitForFunction(() => !navigator.onLine)
}
