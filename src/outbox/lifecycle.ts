/**
 * The lifecycle of one queued write, as pure transitions (no storage, no network, no clock of its own):
 *
 *   pending --claim--> sending --answered 2xx--> acknowledged
 *                         |----answered any other status--> rejected   (never retried)
 *                         '----no answer, 5xx, 401, 408, 409 or 429--> retrying --due/claim--> sending ...
 *
 * 401 (the session lapsed), 408, 409 (a replay of the same key still in flight) and 429 are the 4xx that mean
 * "not now" (isTransient): they wait like a 5xx. Every other 4xx, and a 1xx or 3xx, is final.
 *
 * The drainer applies these inside a store transaction; tests drive them directly.
 */

export type OutboxStatus = 'pending' | 'sending' | 'acknowledged' | 'rejected' | 'retrying'

export interface OutboxEntry {
  status: OutboxStatus
  attempts: number
  nextAttemptAt: string | null
  lastError: string | null
  customerId?: number
}

/** What came back from one attempt to send. */
export type SendOutcome =
  // retryAfterMs: the server's Retry-After (a 429 or 503); the next attempt waits at least that long.
  { kind: 'answered'; status: number; retryAfterMs?: number } | { kind: 'no-answer'; error: string }

/** A write just queued: not tried yet, due at once. */
export const pendingEntry = (): OutboxEntry => ({ status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null })

export const BACKOFF_START_MS = 2_000
export const BACKOFF_CAP_MS = 5 * 60_000

/**
 * A write that got no answer (the connection is away) is tried again at least this often: offline a try fails at
 * once and costs nothing, and a network that comes back without the browser saying 'online' (or a page the worker
 * served while offline, which never hears it) still sends within seconds. Waits the server asked for (429, 5xx)
 * grow up to BACKOFF_CAP_MS.
 */
export const CONNECTION_RETRY_CAP_MS = 10_000

/** Wait before the next attempt after `attempts` failed ones: 2 s, 4 s, 8 s, … capped at 5 min. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** Math.max(0, attempts - 1))
}

/** Rows a drain should still send: not answered yet. A 'sending' row found by a new lock holder was orphaned. */
export const isOpen = (entry: OutboxEntry): boolean => entry.status === 'pending' || entry.status === 'retrying' || entry.status === 'sending'

/** Answered rows are final: the first answer stands, whatever a second sender or a replay hears later. */
export const isAnswered = (entry: OutboxEntry): boolean => entry.status === 'acknowledged' || entry.status === 'rejected'

/** Only the signed-in customer's own writes go out under their session. */
export const belongsTo = (entry: OutboxEntry, customerId: number | null): boolean => customerId !== null && entry.customerId === customerId

/** Due now, or `force`d (the connection just returned, the app just started). */
export function isDue(entry: OutboxEntry, now: Date, force = false): boolean {
  if (!isOpen(entry)) return false
  if (force || entry.status !== 'retrying' || entry.nextAttemptAt === null) return true
  return Date.parse(entry.nextAttemptAt) <= now.getTime()
}

export function claim<E extends OutboxEntry>(entry: E): E {
  return { ...entry, status: 'sending', attempts: entry.attempts + 1, nextAttemptAt: null }
}

/**
 * Statuses that say "not now" rather than "never": the session lapsed (401), the server gave up waiting for the
 * request (408), a replay of the same key is still in flight (409), too many requests (429), or the server failed (5xx).
 */
export function isTransient(status: number): boolean {
  return status === 401 || status === 408 || status === 409 || status === 429 || status >= 500
}

/** The entry after an attempt's outcome; an answered entry stays as it was. */
export function settle<E extends OutboxEntry>(entry: E, outcome: SendOutcome, now: Date, error: string | null = null): E {
  if (isAnswered(entry)) return entry
  if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300)
    return { ...entry, status: 'acknowledged', nextAttemptAt: null, lastError: null }
  if (outcome.kind === 'answered' && !isTransient(outcome.status))
    return { ...entry, status: 'rejected', nextAttemptAt: null, lastError: error ?? `HTTP ${outcome.status}` }
  const reason = outcome.kind === 'no-answer' ? outcome.error : (error ?? `HTTP ${outcome.status}`)
  const wait =
    outcome.kind === 'answered' ? Math.max(backoffMs(entry.attempts), outcome.retryAfterMs ?? 0) : Math.min(backoffMs(entry.attempts), CONNECTION_RETRY_CAP_MS)
  const next = new Date(now.getTime() + wait).toISOString()
  return { ...entry, status: 'retrying', nextAttemptAt: next, lastError: reason }
}

/** The earliest time a retrying entry becomes due, or null when none waits. */
export function nextWake(entries: readonly OutboxEntry[]): number | null {
  const times = entries.filter((e) => e.status === 'retrying' && e.nextAttemptAt !== null).map((e) => Date.parse(e.nextAttemptAt as string))
  return times.length ? Math.min(...times) : null
}
