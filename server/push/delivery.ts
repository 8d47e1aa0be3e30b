import { createHash } from 'node:crypto'
import type { PushKind } from '../../src/domain/push.ts'

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high'

const HOUR = 60 * 60
const DAY = 24 * HOUR

/**
 * How long each kind is worth showing (TTL: never the push libraries' four weeks), how urgent it is, and whether it
 * may wake the customer: urgent kinds are sent during quiet hours, the others wait for the morning.
 */
export const deliveryOf: Record<PushKind, { ttlSeconds: number; urgency: PushUrgency; urgent: boolean }> = {
  payment_received: { ttlSeconds: DAY, urgency: 'normal', urgent: false },
  payment_failed: { ttlSeconds: DAY, urgency: 'high', urgent: true },
  refund_made: { ttlSeconds: 3 * DAY, urgency: 'normal', urgent: false },
  plan_changed: { ttlSeconds: 3 * DAY, urgency: 'normal', urgent: false },
  bundle_credited: { ttlSeconds: DAY, urgency: 'normal', urgent: false },
  usage_50: { ttlSeconds: 12 * HOUR, urgency: 'low', urgent: false },
  usage_80: { ttlSeconds: 12 * HOUR, urgency: 'normal', urgent: false },
  usage_100: { ttlSeconds: DAY, urgency: 'high', urgent: true },
  sim_activated: { ttlSeconds: 3 * DAY, urgency: 'high', urgent: true },
  rica_verified: { ttlSeconds: DAY, urgency: 'normal', urgent: false },
  rica_failed: { ttlSeconds: 3 * DAY, urgency: 'high', urgent: true },
}

/** Topics (the Topic header, at most 32 URL-safe characters): a newer message of one topic replaces an undelivered older one. */
export const pushTopic = {
  order: (orderId: number) => `order-${orderId}`,
  refund: (refundId: number) => `refund-${refundId}`,
  sim: (serviceId: number) => `sim-${serviceId}`,
  bundle: (orderId: number) => `bundle-${orderId}`,
  /** One topic for all thresholds of a bundle on a SIM, so "80 percent" replaces an undelivered "50 percent". */
  usage: (serviceId: number, bundle: string) => `usage-${createHash('sha256').update(`${serviceId}:${bundle}`).digest('base64url').slice(0, 16)}`,
}
