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

/** One keyed request of a customer: whose, its Idempotency-Key (lower case) and the requestHash of what was asked. */
export interface Keyed {
  customerId: number
  key: string
  hash: string
}

/** One keyed request of someone signed out (the Contact Us form): `guest` names them, made by guestOf(). */
export interface GuestKeyed {
  guest: string
  key: string
  hash: string
}

/** Whose keys: a customer's, or a signed-out sender's. */
export type Sender = Pick<Keyed, 'customerId'> | Pick<GuestKeyed, 'guest'>

/**
 * Names a signed-out sender by the address they asked to be answered at, as its sha256 (the key table keeps no
 * address): their key answers only a request with that email and no session, so the same key from anyone else (a
 * customer, or someone who typed another address) finds nothing of theirs.
 */
export const guestOf = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

/** The sender as the key table names it (migration 022): 'customer:<id>' or 'guest:<sha256>'. */
export const senderOf = (sender: Sender): string => ('guest' in sender ? `guest:${sender.guest}` : `customer:${sender.customerId}`)

const customerOf = (sender: Sender): number | null => ('guest' in sender ? null : sender.customerId)

export type Claim = { claimed: true } | { claimed: false; requestHash: string; answer: StoredAnswer }

/**
 * Takes the key for this transaction, or returns what an earlier request of the same sender with it stored. On
 * PostgreSQL a concurrent request with the same key waits here on the unique index until the first one commits, then
 * reads its answer; if the first rolls back, the waiter takes the key. An expired key is taken over.
 */
export async function claimKey(tx: Queryable, keyed: Keyed | GuestKeyed): Promise<Claim> {
  const sender = senderOf(keyed)
  const taken = await tx.query(
    `insert into idempotency_keys (sender, customer_id, key, request_hash) values ($1, $2, $3, $4)
     on conflict (sender, key) do update
       set request_hash = excluded.request_hash, status = null, response = null, created_at = now()
       where idempotency_keys.created_at < now() - make_interval(days => $5)
     returning key`,
    [sender, customerOf(keyed), keyed.key, keyed.hash, idempotencyDays],
  )
  if (taken.length > 0) return { claimed: true }
  const [row] = await tx.query<{ request_hash: string; status: number; response: unknown }>(
    'select request_hash, status, response from idempotency_keys where sender = $1 and key = $2',
    [sender, keyed.key],
  )
  if (!row || row.status === null) throw new Error(`idempotency key ${keyed.key} is claimed but has no answer`)
  return { claimed: false, requestHash: row.request_hash, answer: { status: row.status, body: row.response } }
}

/**
 * Records the answer for a key claimed in this transaction and returns it as stored: jsonb orders object keys
 * its own way, so the first response is sent from the stored copy too and every retry gets the same bytes.
 */
export async function saveAnswer(tx: Queryable, keyed: Keyed | GuestKeyed, answer: StoredAnswer): Promise<StoredAnswer> {
  const [row] = await tx.query<{ status: number; response: unknown }>(
    // ::text first: postgres.js would encode a string bound straight to jsonb a second time.
    'update idempotency_keys set status = $3, response = $4::text::jsonb where sender = $1 and key = $2 returning status, response',
    [senderOf(keyed), keyed.key, answer.status, JSON.stringify(answer.body)],
  )
  if (!row) throw new Error(`idempotency key ${keyed.key} was not claimed in this transaction`)
  return { status: row.status, body: row.response }
}

/**
 * An answer given once and not kept, such as a limit's 429 (with its Retry-After in `headers`): the key and whatever
 * the work changed roll back, so a retry is asked afresh.
 */
export interface PassingAnswer {
  passing: StoredAnswer
  headers: Record<string, string>
}

/** What to answer, and whether it repeats the stored answer of an earlier request with the same key. */
export interface Outcome {
  replayed: boolean
  answer: StoredAnswer
  /** Headers of a passing answer. */
  headers?: Record<string, string>
}

// Thrown inside the transaction to roll it back; answerOnce catches it outside and answers the passing answer.
class Passed extends Error {
  constructor(readonly outcome: Outcome) {
    super('answered without keeping the answer')
  }
}

/**
 * Does `work` at most once per sender and key: the key, what the work changed and its answer commit in one
 * transaction, so a failure (5xx) or a passing answer rolls all back and the retry starts afresh, while every later
 * retry with the same body gets the stored answer. A key reused with another body is answered 422 with `reused`.
 */
export async function answerOnce(
  db: Db,
  keyed: Keyed | GuestKeyed,
  reused: string,
  work: (tx: Queryable) => Promise<StoredAnswer | PassingAnswer>,
): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const claim = await claimKey(tx, keyed)
      if (!claim.claimed) {
        if (claim.requestHash === keyed.hash) return { replayed: true, answer: claim.answer }
        return { replayed: false, answer: { status: 422, body: { error: reused } } }
      }
      const answer = await work(tx)
      if ('passing' in answer) throw new Passed({ replayed: false, answer: answer.passing, headers: answer.headers })
      return { replayed: false, answer: await saveAnswer(tx, keyed, answer) }
    })
  } catch (error) {
    if (error instanceof Passed) return error.outcome
    throw error
  }
}

/** The outcome as the response: the stored status and body, marked Idempotent-Replayed when repeated. */
export function sendOutcome(c: Context, { replayed, answer, headers = {} }: Outcome): Response {
  if (replayed) c.header('Idempotent-Replayed', 'true')
  for (const [name, value] of Object.entries(headers)) c.header(name, value)
  return c.json(answer.body as object, answer.status as ContentfulStatusCode)
}

/**
 * Deletes the customer's expired keys (what they made stays; only the stored answers go). Someone signed out may never
 * come back to clear their own, so any of them clears every signed-out sender's.
 */
export async function forgetExpiredKeys(db: Queryable, sender: Sender): Promise<void> {
  const expired = 'created_at < now() - make_interval(days => $1)'
  if ('guest' in sender) await db.query(`delete from idempotency_keys where customer_id is null and ${expired}`, [idempotencyDays])
  else await db.query(`delete from idempotency_keys where customer_id = $2 and ${expired}`, [idempotencyDays, sender.customerId])
}
