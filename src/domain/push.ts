import * as v from 'valibot'
import { LANGUAGES } from './languageCodes.ts'
export const PUSH_CATEGORIES = ['payments', 'services', 'usage'] as const
export type PushCategory = (typeof PUSH_CATEGORIES)[number]
export const PUSH_KINDS = [
  'payment_received',
  'payment_failed',
  'refund_made',
  'plan_changed',
  'bundle_credited',
  'usage_50',
  'usage_80',
  'usage_100',
  'sim_activated',
  'rica_verified',
  'rica_failed',
] as const
export type PushKind = (typeof PUSH_KINDS)[number]
export const categoryOfKind: Record<PushKind, PushCategory> = {
  payment_received: 'payments',
  payment_failed: 'payments',
  refund_made: 'payments',
  plan_changed: 'services',
  bundle_credited: 'services',
  sim_activated: 'services',
  rica_verified: 'services',
  rica_failed: 'services',
  usage_50: 'usage',
  usage_80: 'usage',
  usage_100: 'usage',
}
/** What the device sends to store its subscription (PUT /api/push/subscription). */
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.url(), v.maxLength(1000)),
  keys: v.object({ p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/)), auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/)) }),
  categories: v.pipe(v.array(v.picklist(PUSH_CATEGORIES)), v.maxLength(3)),
  language: v.picklist(LANGUAGES),
})
/** A time of day in whole minutes after midnight (South African time), as quiet hours are kept. */
const minuteOfDay = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24 * 60 - 1))
/**
 * A change to one stored subscription (PATCH /api/push/subscriptions/:id): its categories, its quiet hours (both ends,
 * equal ends meaning none), or both.
 */
export const pushSubscriptionChangeSchema = v.pipe(
  v.object({
    categories: v.optional(v.pipe(v.array(v.picklist(PUSH_CATEGORIES)), v.maxLength(3))),
    quietFrom: v.optional(minuteOfDay),
    quietUntil: v.optional(minuteOfDay),
  }),
  v.check((c) => (c.quietFrom === undefined) === (c.quietUntil === undefined), 'Quiet hours need both ends, quietFrom and quietUntil.'),
  v.check((c) => c.categories !== undefined || c.quietFrom !== undefined, 'Nothing to change: give categories or quiet hours.'),
)
export type PushSubscriptionChange = v.InferOutput<typeof pushSubscriptionChangeSchema>
/** One subscription as GET /api/push/subscriptions lists it. */
export interface PushSubscriptionView {
  id: number
  endpointHost: string
  device: string
  categories: PushCategory[]
  /** Quiet hours, minutes after midnight South African time: non-urgent notifications wait from `quietFrom` to `quietUntil`; equal means none. */
  quietFrom: number
  quietUntil: number
  createdAt: string
  lastSeenAt: string
}
/** The answers' shape of one subscription: the server describes its answers with it and the client reads them with it. */
export const pushSubscriptionViewSchema = v.object({
  id: v.number(),
  endpointHost: v.string(),
  device: v.string(),
  categories: v.array(v.picklist(PUSH_CATEGORIES)),
  quietFrom: v.number(),
  quietUntil: v.number(),
  createdAt: v.string(),
  lastSeenAt: v.string(),
}) satisfies v.GenericSchema<PushSubscriptionView>
