import * as v from 'valibot'
import { ID_TYPES } from './identityDocument.ts'
import { LANGUAGES } from './languageCodes.ts'
import { ServiceSchema } from './service.ts'

/**
 * The customer's own data (POPIA: a person may ask what a business holds on them): the file GET /api/account/data
 * answers and the profile page saves. Card numbers and session ids are never part of it.
 */

/** What kind of file this is, so a reader (or a future import) knows the shape. */
export const CUSTOMER_DATA_FORMAT = 'seed-storefront/customer-data'
/** 2: the identity document (type, masked number, country) and the RICA records kept. */
export const CUSTOMER_DATA_VERSION = 2

const when = v.string()
/** A JSON object the server keeps as the customer gave it (a delivery address, the delivery options). */
const kept = v.record(v.string(), v.unknown())

const ProfileSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  id_type: v.picklist(ID_TYPES),
  /** Masked: only its last 4 characters; the number itself is stored sealed and never shown again. */
  id_number: v.string(),
  /** The passport's issuing country (ISO 3166-1 alpha-2); null for an SA ID. */
  id_country: v.nullable(v.string()),
  email: v.string(),
  phone: v.string(),
  mobile: v.string(),
  /** The new email waiting for its confirmation link to be followed; null when none. */
  pending_email: v.nullable(v.string()),
  /** The language the customer chose, which every mail to them speaks (added within version 2). */
  language: v.picklist(LANGUAGES),
  created_at: when,
})

const AddressSchema = v.object({
  unit_number: v.string(),
  floor_level: v.string(),
  building_name: v.string(),
  street_number: v.string(),
  street_name: v.string(),
  suburb: v.string(),
  city: v.string(),
  province: v.string(),
  postal_code: v.string(),
  country: v.string(),
  gps_coordinates: v.nullable(v.object({ longitude: v.number(), latitude: v.number() })),
  deliver_to: v.string(),
  created_at: when,
})

const OrderLineSchema = v.object({
  number: v.number(),
  product_id: v.number(),
  name: v.string(),
  unit_price: v.number(),
  friendly_name: v.string(),
  comments: v.string(),
  status: v.string(),
})

const OrderSchema = v.object({
  id: v.number(),
  number: v.string(),
  status: v.string(),
  order_date: when,
  total_price: v.number(),
  delivery_address: kept,
  delivery: kept,
  order_lines: v.array(OrderLineSchema),
})

/** A payment record without anything of the card: no number, BIN, last digits, holder or expiry. */
const PaymentSchema = v.object({
  transaction_id: v.string(),
  method: v.picklist(['card', 'wallet']),
  order_id: v.number(),
  order_number: v.string(),
  amount: v.number(),
  currency: v.string(),
  effective_date: when,
  brand: v.string(),
  status: v.string(),
  description: v.string(),
})

const CheckoutSchema = v.object({ order_id: v.number(), amount: v.number(), currency: v.string(), created_at: when, settled: v.boolean() })

/** One turn of a support conversation after the first message: the team's reply or the customer's answer (never a note between staff). */
const ConversationEntrySchema = v.object({ from: v.picklist(['shop', 'customer']), body: v.string(), sent_at: when })

const SupportMessageSchema = v.object({
  reference: v.string(),
  name: v.string(),
  email: v.string(),
  message: v.string(),
  sent_at: when,
  /** What followed, oldest first (added within version 2: a reader of 2 that ignores it loses nothing else). */
  conversation: v.optional(v.array(ConversationEntrySchema), []),
})

/** A signed-in browser: when it signed in, was last seen and will be signed out; never its session id. */
const SessionSchema = v.object({ user_agent: v.string(), created_at: when, last_seen_at: when, expires_at: when, current: v.boolean() })

/** A device subscribed to notifications: its push service's host, the device, what it receives; never its keys or endpoint path. */
const PushSubscriptionKeptSchema = v.object({
  endpoint_host: v.string(),
  device: v.string(),
  categories: v.array(v.string()),
  /** Quiet hours, minutes after midnight South African time; equal means none (added within version 2). */
  quiet_from: v.optional(v.number()),
  quiet_until: v.optional(v.number()),
  created_at: when,
  last_seen_at: when,
})

/** A SIM's name as it was before and after each rename the customer made. */
const SimRenameSchema = v.object({ service_id: v.number(), previous_name: v.string(), name: v.string(), renamed_at: when })

const SocialSignInSchema = v.object({
  provider: v.string(),
  subject: v.string(),
  /** The verified email it was linked with; null when linked before that was recorded (migration 021). */
  email: v.nullable(v.string()),
  linked_at: when,
  last_used_at: v.nullable(when),
})

/**
 * What RICA (s40) made us record for one of the customer's SIMs when its activation was asked for, kept after the
 * account is deleted until `kept_until` (docs/features.md, "RICA records kept after deletion").
 */
const RicaRecordKeptSchema = v.object({
  service_id: v.nullable(v.number()),
  iccid: v.nullable(v.string()),
  service_number: v.nullable(v.string()),
  first_names: v.string(),
  surname: v.string(),
  document: v.object({ type: v.picklist(ID_TYPES), number: v.string(), country: v.nullable(v.string()) }),
  address: kept,
  recorded_at: when,
  /** Why it is kept, in the API's language. */
  why: v.string(),
  /** Null while the SIM is the customer's: the retention starts when it stops being theirs. */
  kept_until: v.nullable(when),
  /** The rule kept_until follows, in the API's language. */
  until: v.string(),
})

export const CustomerDataSchema = v.object({
  format: v.literal(CUSTOMER_DATA_FORMAT),
  version: v.literal(CUSTOMER_DATA_VERSION),
  exported_at: when,
  profile: ProfileSchema,
  addresses: v.array(AddressSchema),
  social_sign_in: v.array(SocialSignInSchema),
  orders: v.array(OrderSchema),
  payments: v.array(PaymentSchema),
  card_checkouts: v.array(CheckoutSchema),
  services: v.array(ServiceSchema),
  sim_name_history: v.array(SimRenameSchema),
  support_messages: v.array(SupportMessageSchema),
  sessions: v.array(SessionSchema),
  /** The devices subscribed to notifications (added within version 2: a reader of 2 that ignores it loses nothing else). */
  push_subscriptions: v.optional(v.array(PushSubscriptionKeptSchema), []),
  rica_records: v.array(RicaRecordKeptSchema),
  /** What the file does not hold, and why, in the API's language. */
  notes: v.array(v.string()),
})
export type CustomerData = v.InferOutput<typeof CustomerDataSchema>

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** The download's name, dated by the local calendar: seed-storefront-my-data-2026-03-05.json. */
export function dataFileName(at: Date): string {
  return `seed-storefront-my-data-${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}.json`
}
