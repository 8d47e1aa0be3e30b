import type { PushCategory, PushSubscriptionChange, PushSubscriptionView } from '../../src/domain/push.ts'
import { toStorableText } from '../../src/domain/storable.ts'
import type { Queryable } from '../db/types.ts'
import { deviceName } from './deviceName.ts'

/** Devices one customer keeps subscribed: the one seen longest ago goes when another is added. */
export const maxSubscriptionsPerCustomer = 20
// Enough to tell a browser and its device apart, as sessions keep it.
const maxUserAgent = 300

interface SubscriptionRow {
  id: number
  endpoint: string
  user_agent: string
  categories: PushCategory[]
  quiet_from: number
  quiet_until: number
  created_at: Date | string
  last_seen_at: Date | string
}

const columns = 'id, endpoint, user_agent, categories, quiet_from, quiet_until, created_at, last_seen_at'

/** A row as the customer sees it: the push service's host and the device, never the endpoint's secret path or the keys. */
export const subscriptionView = (row: SubscriptionRow): PushSubscriptionView => ({
  id: Number(row.id),
  endpointHost: new URL(row.endpoint).host,
  device: deviceName(row.user_agent),
  categories: row.categories,
  quietFrom: Number(row.quiet_from),
  quietUntil: Number(row.quiet_until),
  createdAt: new Date(row.created_at).toISOString(),
  lastSeenAt: new Date(row.last_seen_at).toISOString(),
})

export interface StoredSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  categories: PushCategory[]
  language: string
}

/**
 * Stores a device's subscription for this session and its customer, by endpoint: a row another session made (a shared
 * phone, another account) moves here, and what it had queued for its former customer is dropped, never shown to this one.
 * Run in a transaction.
 */
export async function storeSubscription(
  tx: Queryable,
  { customerId, sessionIdHash, userAgent }: { customerId: number; sessionIdHash: Buffer; userAgent: string },
  s: StoredSubscription,
): Promise<PushSubscriptionView> {
  const [before] = await tx.query<{ id: number; customer_id: number }>('select id, customer_id from push_subscriptions where endpoint = $1 for update', [
    s.endpoint,
  ])
  const [row] = await tx.query<SubscriptionRow>(
    `insert into push_subscriptions (endpoint, p256dh, auth, customer_id, session_id_hash, categories, language, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, customer_id = excluded.customer_id,
       session_id_hash = excluded.session_id_hash, categories = excluded.categories, language = excluded.language,
       user_agent = excluded.user_agent, last_seen_at = now()
     returning ${columns}`,
    [s.endpoint, s.keys.p256dh, s.keys.auth, customerId, sessionIdHash, s.categories, s.language, toStorableText(userAgent.slice(0, maxUserAgent))],
  )
  if (!row) throw new Error('storing a push subscription returned no row')
  if (before && Number(before.customer_id) !== customerId)
    await tx.query(
      `update push_outbox set failed_at = now(), last_error = 'the device moved to another account'
       where subscription_id = $1 and customer_id is distinct from $2 and sent_at is null and failed_at is null`,
      [row.id, customerId],
    )
  await tx.query(
    `delete from push_subscriptions where customer_id = $1 and id not in (
       select id from push_subscriptions where customer_id = $1 order by last_seen_at desc, id desc limit $2)`,
    [customerId, maxSubscriptionsPerCustomer],
  )
  return subscriptionView(row)
}

/** The customer's subscriptions, newest first. */
export async function listSubscriptions(db: Queryable, customerId: number): Promise<PushSubscriptionView[]> {
  const rows = await db.query<SubscriptionRow>(`select ${columns} from push_subscriptions where customer_id = $1 order by created_at desc, id desc`, [
    customerId,
  ])
  return rows.map(subscriptionView)
}

/**
 * New categories and/or quiet hours for one of the customer's subscriptions (what the change leaves out stays); undefined
 * when it is not theirs (or gone). Quiet hours count for what is queued from now on.
 */
export async function changeSubscription(
  db: Queryable,
  customerId: number,
  id: number,
  change: PushSubscriptionChange,
): Promise<PushSubscriptionView | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    `update push_subscriptions set categories = coalesce($3::text[], categories), quiet_from = coalesce($4::int, quiet_from),
       quiet_until = coalesce($5::int, quiet_until)
     where id = $1 and customer_id = $2 returning ${columns}`,
    [id, customerId, change.categories ?? null, change.quietFrom ?? null, change.quietUntil ?? null],
  )
  return row && subscriptionView(row)
}

/** Removes one of the customer's subscriptions: 'removed', 'gone' (no such row: already removed), or 'others' (another customer's). */
export async function removeSubscription(db: Queryable, customerId: number, id: number): Promise<'removed' | 'gone' | 'others'> {
  const removed = await db.query('delete from push_subscriptions where id = $1 and customer_id = $2 returning id', [id, customerId])
  if (removed.length > 0) return 'removed'
  const [other] = await db.query('select 1 from push_subscriptions where id = $1', [id])
  return other ? 'others' : 'gone'
}
