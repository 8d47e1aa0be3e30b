import { createECDH, randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/types.ts'

/** How long the sandbox push service keeps a message: long enough for a tester's session, short enough to stay small. */
export const sandboxPushDays = 7

export interface SandboxSubscription {
  id: number
  token: string
  p256dh: string
  auth: string
  privateKey: Buffer
  createdAt: Date
  removed: boolean
  answer: { status: number; retryAfter: number | null; times: number } | undefined
}

export interface SandboxPushMessage {
  receivedAt: string
  ttl: number
  urgency: string
  topic: string | null
  payload: string
}

interface Row {
  id: number
  token: string
  p256dh: string
  auth: string
  private_key: Buffer | Uint8Array
  created_at: Date | string
  removed_at: Date | string | null
  answer_status: number | null
  answer_retry_after: number | null
  answer_times: number
}

const subscriptionOf = (row: Row): SandboxSubscription => ({
  id: Number(row.id),
  token: row.token,
  p256dh: row.p256dh,
  auth: row.auth,
  privateKey: Buffer.from(row.private_key),
  createdAt: new Date(row.created_at),
  removed: row.removed_at !== null,
  answer:
    row.answer_status !== null && row.answer_times > 0 ? { status: row.answer_status, retryAfter: row.answer_retry_after, times: row.answer_times } : undefined,
})

/** A new subscription, as a browser's PushManager.subscribe() makes one: a fresh P-256 key pair and auth secret. */
export async function createSandboxSubscription(db: Queryable): Promise<SandboxSubscription> {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const [row] = await db.query<Row>('insert into sandbox_push_subscriptions (token, private_key, p256dh, auth) values ($1, $2, $3, $4) returning *', [
    randomBytes(24).toString('base64url'),
    ecdh.getPrivateKey(),
    ecdh.getPublicKey().toString('base64url'),
    randomBytes(16).toString('base64url'),
  ])
  if (!row) throw new Error('storing a sandbox push subscription returned no row')
  return subscriptionOf(row)
}

export async function sandboxSubscriptionByToken(db: Queryable, token: string): Promise<SandboxSubscription | undefined> {
  const [row] = await db.query<Row>('select * from sandbox_push_subscriptions where token = $1', [token])
  return row && subscriptionOf(row)
}

/** Takes one use of the subscription's scripted answer, if it has one left (atomically: two instances never both take the last). */
export async function takeScriptedAnswer(db: Queryable, id: number): Promise<{ status: number; retryAfter: number | null } | undefined> {
  const [row] = await db.query<{ answer_status: number; answer_retry_after: number | null }>(
    `update sandbox_push_subscriptions set answer_times = answer_times - 1
     where id = $1 and answer_times > 0 and answer_status is not null returning answer_status, answer_retry_after`,
    [id],
  )
  return row && { status: row.answer_status, retryAfter: row.answer_retry_after }
}

/** The next `times` sends to the subscription get `status` (with Retry-After when given) instead of being taken. */
export async function scriptAnswer(db: Queryable, id: number, answer: { status: number; retryAfter?: number | undefined; times: number }): Promise<boolean> {
  const rows = await db.query(
    'update sandbox_push_subscriptions set answer_status = $2, answer_retry_after = $3, answer_times = $4 where id = $1 returning id',
    [id, answer.status, answer.retryAfter ?? null, answer.times],
  )
  return rows.length > 0
}

/** Unsubscribes: the endpoint answers 410 from then on. */
export async function removeSandboxSubscription(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('update sandbox_push_subscriptions set removed_at = coalesce(removed_at, now()) where id = $1 returning id', [id])
  return rows.length > 0
}

export async function storeSandboxMessage(
  db: Queryable,
  subscriptionId: number,
  message: { ttl: number; urgency: string; topic: string | null; payload: string; rawSize: number },
): Promise<void> {
  await db.query(
    `with swept as (delete from sandbox_push_messages where received_at < now() - make_interval(days => $7))
     insert into sandbox_push_messages (subscription_id, ttl, urgency, topic, payload, raw_size) values ($1, $2, $3, $4, $5, $6)`,
    [subscriptionId, message.ttl, message.urgency, message.topic, message.payload, message.rawSize, sandboxPushDays],
  )
}

/** A subscription's messages, newest first; undefined when there is no such subscription. */
export async function sandboxMessages(db: Queryable, id: number): Promise<SandboxPushMessage[] | undefined> {
  const [exists] = await db.query('select 1 from sandbox_push_subscriptions where id = $1', [id])
  if (!exists) return undefined
  const rows = await db.query<{ received_at: Date | string; ttl: number; urgency: string; topic: string | null; payload: string }>(
    'select received_at, ttl, urgency, topic, payload from sandbox_push_messages where subscription_id = $1 order by id desc',
    [id],
  )
  return rows.map((r) => ({ receivedAt: new Date(r.received_at).toISOString(), ttl: r.ttl, urgency: r.urgency, topic: r.topic, payload: r.payload }))
}

/** The newest subscriptions with their messages, for the tester's page. */
export async function sandboxOverview(db: Queryable, limit = 20): Promise<Array<{ subscription: SandboxSubscription; messages: SandboxPushMessage[] }>> {
  const rows = await db.query<Row>('select * from sandbox_push_subscriptions order by id desc limit $1', [limit])
  return Promise.all(rows.map(async (row) => ({ subscription: subscriptionOf(row), messages: (await sandboxMessages(db, Number(row.id))) ?? [] })))
}
