/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'
import { CUSTOMER_SIGNED_OUT, ORDERS_REPLAYED, pageMessage, type WorkerMessage } from '../src/pwa/workerMessages.ts'
import { replayOrders } from './orderReplay.ts'
import { isOrderCreate, isSameOrder, ORDER_QUEUE } from './orderRoute.ts'

/**
 * The worker's own retry loop for one write, the order POST, beside the page's outbox (src/outbox/). It does what
 * the page's cannot: a POST the network refused is kept in the worker and replayed by Background Sync when the
 * connection returns, even when no page of the shop is open; the page's outbox sends the same order again once a page
 * opens, and the Idempotency-Key makes the server answer both with the one order.
 */

declare const self: ServiceWorkerGlobalScope

async function notifyPages(): Promise<void> {
  const message: WorkerMessage = { type: ORDERS_REPLAYED }
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message)
}

const replay = async (q: Queue): Promise<void> => void (await replayOrders(q, { send: (request) => fetch(request), notifyPages }))

const queue = new Queue(ORDER_QUEUE, {
  maxRetentionTime: 7 * 24 * 60,
  onSync: ({ queue: q }) => replay(q),
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
if (self.navigator.onLine) void replay(queue).catch(() => undefined)

// One customer's queued orders are never replayed under the next customer's session.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (pageMessage(event.data)?.type !== CUSTOMER_SIGNED_OUT) return
  event.waitUntil(
    (async () => {
      while (await queue.shiftRequest()) {
        // drop it: the page's outbox keeps the order for its own customer
      }
    })(),
  )
})
