import { claim, isAnswered, pendingEntry, settle, type OutboxEntry, type SendOutcome } from '../src/outbox/lifecycle.ts'
import { isOrderCreatePath } from '../src/api/queuedWrite.ts'

/** Pure rules of the order queue, unit-tested without a worker. */

/** The Workbox background-sync queue that holds order POSTs the network refused. */
export const ORDER_QUEUE = 'orders-v1'

const API = '/api'

/** POST /api/v10/partner/order/{user_id} on our own origin: the one write the worker queues. */
export function isOrderCreate({ method, url, origin }: { method: string; url: URL; origin: string }): boolean {
  return method === 'POST' && url.origin === origin && url.pathname.startsWith(`${API}/`) && isOrderCreatePath(url.pathname.slice(API.length))
}

/** The same order twice in the queue would only be a wasted replay: the Idempotency-Key tells them apart. */
export function isSameOrder(a: Headers, b: Headers): boolean {
  const key = a.get('Idempotency-Key')
  return key !== null && key === b.get('Idempotency-Key')
}

/** A queued request's place in the outbox lifecycle, kept in its Workbox metadata (a request queued before has none: pending). */
export function queuedEntry(metadata: unknown): OutboxEntry {
  const entry = metadata as Partial<OutboxEntry> | undefined
  return entry && typeof entry.status === 'string' && typeof entry.attempts === 'number' ? { ...pendingEntry(), ...entry } : pendingEntry()
}

/**
 * A queued order after one replay, by the page's own retry policy: kept while the lifecycle says "not now", let go
 * once answered for good (the page learns the answer itself by sending again with the same key). A server's wait
 * (Retry-After, backoff after a 5xx) is kept; after no answer the next sync is the wait, since the browser fires it
 * when the connection returns. A 401 lets it go as well: the session it was made under is gone and its customer's
 * page sends it under their own, so the worker never holds an order for whichever session comes next.
 */
export function afterReplay(entry: OutboxEntry, outcome: SendOutcome, now: Date): OutboxEntry | null {
  if (outcome.kind === 'answered' && outcome.status === 401) return null
  const settled = settle(claim(entry), outcome, now)
  if (isAnswered(settled)) return null
  return outcome.kind === 'no-answer' ? { ...settled, nextAttemptAt: null } : settled
}
