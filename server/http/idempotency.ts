import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Db, Queryable } from '../db/types.ts'

/** A key answers its first request for this long; the device's outbox gives up well before. */
export const idempotencyDays = 7

/** The answer stored for a key: status and JSON body, repeated to every retry of the same request. */
export interface StoredAnswer {
  status: number
  body: unknown
}

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : value

/** sha256 of the body with object keys sorted, so a retry that reorders keys is still the same request. */
export const requestHash = (body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex')

export type Claim = { claimed: true } | { claimed: false; requestHash: string; answer: StoredAnswer }

/**
 * Takes the key for this transaction, or returns what an earlier request with it stored. On PostgreSQL a
 * concurrent request with the same key waits here on the unique index until the first one commits, then
 * reads its answer; if the first rolls back, the waiter takes the key. An expired key is taken over.
 */
export async function claimKey(tx: Queryable, customerId: number, key: string, hash: string): Promise<Claim> {
  const taken = await tx.query(
    `insert into idempotency_keys (customer_id, key, request_hash) values ($1, $2, $3)
     on conflict (customer_id, key) do update
       set request_hash = excluded.request_hash, status = null, response = null, created_at = now()
       where idempotency_keys.created_at < now() - make_interval(days => $4)
     returning key`,
    [customerId, key, hash, idempotencyDays],
  )
  if (taken.length > 0) return { claimed: true }
  const [row] = await tx.query<{ request_hash: string; status: number; response: unknown }>(
    'select request_hash, status, response from idempotency_keys where customer_id = $1 and key = $2',
    [customerId, key],
  )
  if (!row || row.status === null) throw new Error(`idempotency key ${key} is claimed but has no answer`)
  return { claimed: false, requestHash: row.request_hash, answer: { status: row.status, body: row.response } }
}

/**
 * Records the answer for a key claimed in this transaction and returns it as stored: jsonb orders object keys
 * its own way, so the first response is sent from the stored copy too and every retry gets the same bytes.
 */
export async function saveAnswer(tx: Queryable, customerId: number, key: string, answer: StoredAnswer): Promise<StoredAnswer> {
  const [row] = await tx.query<{ status: number; response: unknown }>(
    // ::text first: postgres.js would encode a string bound straight to jsonb a second time.
    'update idempotency_keys set status = $3, response = $4::text::jsonb where customer_id = $1 and key = $2 returning status, response',
    [customerId, key, answer.status, JSON.stringify(answer.body)],
  )
  if (!row) throw new Error(`idempotency key ${key} was not claimed in this transaction`)
  return { status: row.status, body: row.response }
}

/** One keyed request: whose, its Idempotency-Key (lower case) and the requestHash of what was asked. */
export interface Keyed {
  customerId: number
  key: string
  hash: string
}

/** What to answer, and whether it repeats the stored answer of an earlier request with the same key. */
export interface Outcome {
  replayed: boolean
  answer: StoredAnswer
}

/**
 * Does `work` at most once per customer and key: the key, what the work changed and its answer commit in one
 * transaction, so a failure (5xx) rolls all back and the retry starts afresh, while every later retry with the same
 * body gets the stored answer. A key reused with another body is answered 422 with `reused`.
 */
export function answerOnce(db: Db, keyed: Keyed, reused: string, work: (tx: Queryable) => Promise<StoredAnswer>): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const claim = await claimKey(tx, keyed.customerId, keyed.key, keyed.hash)
    if (!claim.claimed) {
      if (claim.requestHash === keyed.hash) return { replayed: true, answer: claim.answer }
      return { replayed: false, answer: { status: 422, body: { error: reused } } }
    }
    return { replayed: false, answer: await saveAnswer(tx, keyed.customerId, keyed.key, await work(tx)) }
  })
}

/** The outcome as the response: the stored status and body, marked Idempotent-Replayed when repeated. */
export function sendOutcome(c: Context, { replayed, answer }: Outcome): Response {
  if (replayed) c.header('Idempotent-Replayed', 'true')
  return c.json(answer.body as object, answer.status as ContentfulStatusCode)
}

/** Deletes the customer's expired keys (their orders stay; only the stored answers go). */
export async function forgetExpiredKeys(db: Queryable, customerId: number): Promise<void> {
  await db.query('delete from idempotency_keys where customer_id = $1 and created_at < now() - make_interval(days => $2)', [customerId, idempotencyDays])
}
