/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'
import { isDue } from '../src/outbox/lifecycle.ts'
import { answerOutcome, ORDERS_REPLAYED } from '../src/api/queuedWrite.ts'
import type { PageMessage } from './routes.ts'
import { afterReplay, isOrderCreate, isSameOrder, ORDER_QUEUE, queuedEntry } from './orderRoute.ts'

declare const self: ServiceWorkerGlobalScope

async function notifyPages(): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: ORDERS_REPLAYED })
}

/**
 * Replays queued orders in order, each by the outbox lifecycle: one not due yet (the server asked us to wait), or
 * still without a final answer, goes back to the front with its next wait, and the sync is tried again later.
 */
async function replay({ queue: q }: { queue: Queue }): Promise<void> {
  let replayed = 0
  try {
    for (let queued = await q.shiftRequest(); queued; queued = await q.shiftRequest()) {
      const entry = queuedEntry(queued.metadata)
      if (!isDue(entry, new Date())) {
        await q.unshiftRequest(queued)
        throw new Error(`The server asked to wait until ${entry.nextAttemptAt}`)
      }
      const outcome = await fetch(queued.request.clone()).then(
        (response) => answerOutcome(response),
        (error: unknown) => ({ kind: 'no-answer' as const, error: String(error) }),
      )
      const kept = afterReplay(entry, outcome, new Date())
      if (kept === null) {
        replayed += 1
        continue
      }
      await q.unshiftRequest({ ...queued, metadata: kept })
      throw new Error(kept.lastError ?? 'No answer')
    }
  } finally {
    if (replayed) await notifyPages()
  }
}

const queue = new Queue(ORDER_QUEUE, {
  maxRetentionTime: 7 * 24 * 60,
  onSync: replay,
})

async function remember(request: Request): Promise<void> {
  const queued = await queue.getAll()
  if (!queued.some((entry) => isSameOrder(entry.request.headers, request.headers))) await queue.pushRequest({ request })
}

// Orders go to the network; when it cannot be reached the request is kept and replayed on `sync`.
registerRoute(
  ({ request, url }) =>
    isOrderCreate({
      method: request.method,
      url,
      origin: self.location.origin,
    }),
  async ({ request }) => {
    const copy = request.clone()
    try {
      return await fetch(request)
    } catch (error) {
      await remember(copy)
      throw error
    }
  },
  'POST',
)

// Browsers without background sync replay when the worker starts; with it, a start after a long sleep helps too.
if (self.navigator.onLine) void replay({ queue }).catch(() => undefined)

// One customer's queued orders are never replayed under the next customer's session.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageMessage | undefined
  if (message?.type !== 'customer.signedOut') return
  event.waitUntil(
    (async () => {
      while (await queue.shiftRequest()) {
        // drop it: the page's outbox keeps the order for its own customer
      }
    })(),
  )
})
