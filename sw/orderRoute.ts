/** Pure rules of the order queue, unit-tested without a worker. */

/** The Workbox background-sync queue that holds order POSTs the network refused. */
export const ORDER_QUEUE = 'orders-v1'

/** Message the worker posts to its pages after replaying orders, so a page drains to learn their answers. */
export const ORDERS_REPLAYED = 'orders.replayed'

/** POST /api/v10/partner/order/{user_id} on our own origin: the one write the worker queues. */
export function isOrderCreate({ method, url, origin }: { method: string; url: URL; origin: string }): boolean {
  return method === 'POST' && url.origin === origin && /^\/api\/v10\/partner\/order\/\d+$/.test(url.pathname)
}

/** The same order twice in the queue would only be a wasted replay: the Idempotency-Key tells them apart. */
export function isSameOrder(a: Headers, b: Headers): boolean {
  const key = a.get('Idempotency-Key')
  return key !== null && key === b.get('Idempotency-Key')
}
