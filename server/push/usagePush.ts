import type { Queryable } from '../db/types.ts'
import { pushTopic } from './delivery.ts'
import type { UsageBalance } from './messages.ts'
import { queuePush } from './notify.ts'
import { thresholdDecision, USAGE_SETTLE_MS, usageKindOf, type UsageThreshold } from './usageThresholds.ts'

/** What a bundle holds, read from the network's id of it (the balance it sits on: data0-…, data_sub-…, spend_limit-…, voice0-…). */
export function balanceOfBundle(bundle: string): UsageBalance {
  if (/^(data|spend_limit)/.test(bundle)) return 'data'
  if (bundle.startsWith('voice')) return 'voice'
  if (bundle.startsWith('sms')) return 'sms'
  return 'other'
}

/**
 * A bundle crossed a threshold for the first time (balance.low, in server/network/simEvents.ts, after its usage_alerts
 * row): told unless a higher one was, and replacing the lower ones not sent yet, so a jump sends only its highest.
 */
export async function pushUsageAlert(
  tx: Queryable,
  { serviceId, bundle, threshold, now = new Date() }: { serviceId: number; bundle: string; threshold: UsageThreshold; now?: Date },
): Promise<void> {
  const before = await tx.query<{ threshold: number }>('select threshold from usage_alerts where service_id = $1 and bundle = $2 and threshold <> $3', [
    serviceId,
    bundle,
    threshold,
  ])
  const decision = thresholdDecision(
    before.map((row) => Number(row.threshold) as UsageThreshold),
    threshold,
  )
  if (!decision.send) return
  const topic = pushTopic.usage(serviceId, bundle)
  const keyOf = (t: UsageThreshold) => `usage:${serviceId}:${topic.slice('usage-'.length)}:${t}`
  if (decision.replaces.length > 0)
    await tx.query(
      `update push_outbox set failed_at = now(), last_error = 'replaced by a higher threshold'
       where event_key = any($1::text[]) and sent_at is null and failed_at is null`,
      [decision.replaces.map(keyOf)],
    )
  const [sim] = await tx.query<{ customer_id: number; name: string }>('select customer_id, name from services where id = $1', [serviceId])
  if (!sim) return
  await queuePush(tx, {
    customerId: Number(sim.customer_id),
    kind: usageKindOf[threshold],
    eventKey: keyOf(threshold),
    values: { sim: sim.name, balance: balanceOfBundle(bundle) },
    path: `/service/${serviceId}`,
    topic,
    notBefore: new Date(now.getTime() + USAGE_SETTLE_MS),
    now,
  })
}
