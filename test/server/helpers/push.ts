import { randomBytes } from 'node:crypto'
import type { PushCategory } from '../../../src/domain/push.ts'
import type { Queryable } from '../../../server/db/types.ts'

let endpoints = 0

/**
 * A device's push subscription stored as PUT /api/push/subscription stores it (H1's route), bound to the customer's
 * newest session: the notification tests need the row, not the route.
 */
export async function subscribeDevice(
  db: Queryable,
  customerId: number,
  {
    categories = ['payments', 'services', 'usage'],
    language = 'en',
    quietFrom = 0,
    quietUntil = 0,
  }: {
    categories?: PushCategory[]
    language?: string
    /** Quiet hours in minutes after midnight; by default none, so a test at any hour finds its row due. */
    quietFrom?: number
    quietUntil?: number
  } = {},
): Promise<number> {
  const [session] = await db.query<{ id_hash: Buffer }>('select id_hash from sessions where customer_id = $1 order by created_at desc limit 1', [customerId])
  if (!session) throw new Error(`customer ${customerId} has no session to bind a subscription to`)
  const [row] = await db.query<{ id: number }>(
    `insert into push_subscriptions (endpoint, p256dh, auth, customer_id, session_id_hash, categories, language, quiet_from, quiet_until)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      `https://fcm.googleapis.com/fcm/send/test-${Date.now()}-${++endpoints}`,
      randomBytes(65).toString('base64url'),
      randomBytes(16).toString('base64url'),
      customerId,
      session.id_hash,
      categories,
      language,
      quietFrom,
      quietUntil,
    ],
  )
  if (!row) throw new Error('no subscription stored')
  return Number(row.id)
}

export interface PushRow {
  id: number
  subscription_id: number | null
  event_key: string
  kind: string
  topic: string
  urgency: string
  payload: string
  created_at: Date
  expires_at: Date
  next_attempt_at: Date
  failed_at: Date | null
  last_error: string | null
}

/** The customer's push outbox rows, oldest first; with `kind`, only those. */
export const pushRowsOf = (db: Queryable, customerId: number, kind?: string) =>
  db.query<PushRow>(
    `select id, subscription_id::int as subscription_id, event_key, kind, topic, urgency, payload, created_at, expires_at, next_attempt_at, failed_at, last_error
     from push_outbox where customer_id = $1 and ($2::text is null or kind = $2) order by id`,
    [customerId, kind ?? null],
  )
