/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'
import type { PageMessage } from './routes.ts'
import { isOrderCreate, isSameOrder, ORDER_QUEUE, ORDERS_REPLAYED } from './orderRoute.ts'

declare const self: ServiceWorkerGlobalScope

async function notifyPages(): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: ORDERS_REPLAYED })
}

/** Replays queued orders in order; one still without an answer goes back to the front and waits for the next sync. */
async function replay({ queue: q }: { queue: Queue }): Promise<void> {
  let replayed = 0
  for (let entry = await q.shiftRequest(); entry; entry = await q.shiftRequest()) {
    try {
      // Any answer settles it: the page learns the answer itself by resending with the same key.
      await fetch(entry.request.clone())
      replayed += 1
    } catch (error) {
      await q.unshiftRequest(entry)
      if (replayed) await notifyPages()
      throw error
    }
  }
  if (replayed) await notifyPages()
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
