import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../src/domain/languageCodes.ts'
import { categoryOfKind, type PushKind } from '../../src/domain/push.ts'
import type { Queryable } from '../db/types.ts'
import { deliveryOf } from './delivery.ts'
import type { PushValuesOf } from './messages.ts'
import { heldUntil } from './quietHours.ts'
import { renderPush } from './render.ts'

export interface PushRequest<K extends PushKind> {
  customerId: number
  kind: K
  /** What happened, once per event: a repeat of the event (a second webhook, a retried request) queues nothing. */
  eventKey: string
  /** What the texts name; a function of the device's language when a name is written in each (a bundle's). */
  values: PushValuesOf[K] | ((language: Language) => PushValuesOf[K])
  /** The page of this shop the notification opens ("/orders/41"). */
  path: string
  /** The Topic header (server/push/delivery.ts pushTopic): a newer message of a topic replaces an undelivered one. */
  topic: string
  /** Not sent before this (a usage alert's settle delay); quiet hours may hold it longer. */
  notBefore?: Date
  now?: Date
}

interface Subscription {
  id: number
  language: string
  quiet_from: number
  quiet_until: number
}

/**
 * Writes the notification to the push outbox inside `tx`, the transaction of the event that causes it: one row per
 * subscription of the customer that wants the kind's category, rendered in that device's language, due now (or when
 * its quiet hours end, for kinds that are not urgent) and dropped once its TTL has passed. The outbox job
 * (server/push/pushOutbox.ts) sends it; this is the only way the server queues a push. Returns the rows queued.
 */
export async function queuePush<K extends PushKind>(tx: Queryable, request: PushRequest<K>): Promise<number> {
  const { customerId, kind, eventKey, values, path, topic, notBefore } = request
  const now = request.now ?? new Date()
  const subscriptions = await tx.query<Subscription>(
    'select id, language, quiet_from, quiet_until from push_subscriptions where customer_id = $1 and $2 = any(categories) order by id',
    [customerId, categoryOfKind[kind]],
  )
  const delivery = deliveryOf[kind]
  const expiresAt = new Date(now.getTime() + delivery.ttlSeconds * 1000)
  let queued = 0
  for (const subscription of subscriptions) {
    const language = isLanguage(subscription.language) ? subscription.language : DEFAULT_LANGUAGE
    const payload = await renderPush({ kind, values: typeof values === 'function' ? values(language) : values, language, path, topic })
    const earliest = notBefore && notBefore > now ? notBefore : now
    const due = delivery.urgent ? earliest : heldUntil(earliest, subscription.quiet_from, subscription.quiet_until)
    const inserted = await tx.query(
      `insert into push_outbox (subscription_id, customer_id, event_key, kind, topic, urgency, payload, expires_at, next_attempt_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (event_key, subscription_id) do nothing returning id`,
      [subscription.id, customerId, eventKey, kind, topic, delivery.urgency, payload, expiresAt, due],
    )
    queued += inserted.length
  }
  return queued
}
