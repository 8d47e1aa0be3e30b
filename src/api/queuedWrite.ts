import type { SendOutcome } from '../outbox/lifecycle.ts'

// What the page and the service worker both know of a queued write on the wire. No client is imported here, so
// the worker's bundle takes only these lines.

const ORDER_CREATE_PATH = /^\/v10\/partner\/order\/\d+$/

/** POST {api}/v10/partner/order/{user_id}: the order write, as the page sends it. */
export const orderCreatePath = (userId: number): string => `/v10/partner/order/${userId}`

/** Whether a path under the API base is the order write, as the worker recognises it. */
export const isOrderCreatePath = (path: string): boolean => ORDER_CREATE_PATH.test(path)

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** An HTTP answer to a queued write as the outbox lifecycle weighs it: its status, and how long the server asked us to wait. */
export function answerOutcome(response: { status: number; headers: Headers }, now = Date.now()): SendOutcome {
  const wait = retryAfterMs(response.headers.get('retry-after'), now)
  return wait === null ? { kind: 'answered', status: response.status } : { kind: 'answered', status: response.status, retryAfterMs: wait }
}
