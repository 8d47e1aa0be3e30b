import * as v from 'valibot'
import { formatNumber } from './numbers.ts'

/**
 * SIM services: the shape GET /api/v8/partner/services/… answers, the status mapping of the
 * service detail, and the unit conversions the screens show.
 */

/** How a product is paid for, a column of the product: prepaid SIMs carry balances, monthly ones usage. */
export const PRODUCT_BILLING = ['prepaid', 'monthly'] as const
export type ProductBilling = (typeof PRODUCT_BILLING)[number]

/** The additional balance keys: subscriptions (…_sub) and top-ups (…0). */
export const BALANCE_KEYS = ['voice_sub', 'data_sub', 'sms_sub', 'voice0', 'data0', 'sms0'] as const
export type BalanceKey = (typeof BALANCE_KEYS)[number]

/** One balance: voice in seconds, data in bytes, SMS in units; the expiry an ISO date when it has one. */
export const BalanceSchema = v.object({
  available: v.number(),
  meta: v.optional(v.object({ expiry: v.optional(v.string()) })),
})
export type Balance = v.InferOutput<typeof BalanceSchema>

/** additional_balances is a list of single-key objects, e.g. [{ voice_sub: { available: 3600 } }, …]. */
export const AdditionalBalanceSchema = v.record(v.picklist(BALANCE_KEYS), BalanceSchema)

const NamedSchema = v.object({ name: v.string() })

/** What a scheduled action changes: the package (from the next bill cycle) or the service itself (cancelled). */
export const SCHEDULED_ACTION_KINDS = ['plan_change', 'cancellation'] as const
export type ScheduledActionKind = (typeof SCHEDULED_ACTION_KINDS)[number]

/**
 * One of the SIM's scheduled actions: `name` says it in English (what older screens list); the rest lets a screen
 * say it in the customer's language and offer its Undo. Absent on actions the customer cannot undo.
 */
export const ScheduledActionSchema = v.object({
  name: v.string(),
  id: v.optional(v.number()),
  kind: v.optional(v.picklist(SCHEDULED_ACTION_KINDS)),
  /** ISO date-time it takes effect. */
  date: v.optional(v.string()),
  /** A plan change's new package, its name and monthly price. */
  product_id: v.optional(v.number()),
  product: v.optional(v.string()),
  unit_price: v.optional(v.number()),
})
export type ScheduledAction = v.InferOutput<typeof ScheduledActionSchema>

/**
 * A SIM's life before and up to activation, each step set by an event from the fulfilment side or the network:
 * paid and being prepared, on its way (RICA at delivery), RICA failed (redelivery or return), returned (paid back),
 * activating (RICA verified, waiting for the network), active (the network gave its number).
 */
export const SIM_LIFE = ['preparing', 'on_its_way', 'rica_failed', 'returned', 'activating', 'active'] as const
export type SimLife = (typeof SIM_LIFE)[number]

/** Why the courier could not verify the customer's identity (RICA) at delivery. */
export const RICA_FAILURES = ['not_present', 'document_mismatch', 'proof_of_address', 'other'] as const
export type RicaFailure = (typeof RICA_FAILURES)[number]

/** What we ask of the network through the outbox. */
export const NETWORK_REQUEST_KINDS = ['activate', 'change_plan', 'add_bundle', 'cancel', 'suspend'] as const
export type NetworkRequestKind = (typeof NETWORK_REQUEST_KINDS)[number]

/** Whose answers a SIM's number, balances and usage are: the demo's sandbox network, or the reseller's enabler. */
export const NETWORK_SOURCES = ['sandbox', 'enabler'] as const
export type NetworkSource = (typeof NETWORK_SOURCES)[number]

export const SimLifeSchema = v.object({
  state: v.picklist(SIM_LIFE),
  /** ISO date-time of the event that set the state. */
  since: v.string(),
  /** The delivery attempt, from 1. */
  attempt: v.number(),
  courier: v.nullable(v.string()),
  tracking_reference: v.nullable(v.string()),
  rica_failure: v.nullable(v.picklist(RICA_FAILURES)),
})
export type SimLifeView = v.InferOutput<typeof SimLifeSchema>

/** A change sent to the network and not yet confirmed by it; `failed` when the network refused it or the last try failed. */
export const NetworkWaitSchema = v.object({ kind: v.picklist(NETWORK_REQUEST_KINDS), since: v.string(), failed: v.boolean() })
export type NetworkWait = v.InferOutput<typeof NetworkWaitSchema>

export const ServiceSchema = v.object({
  id: v.number(),
  /** The SIM name the customer sees. */
  name: v.string(),
  product_id: v.number(),
  /** The product's name at provisioning time (the service names its product by name and by product_id). */
  product: v.string(),
  status: v.number(),
  last_updated: v.string(),
  /** ISO date-time. */
  activation_date: v.string(),
  /** The ICCID: null until the SIM is dispatched (recorded at fulfilment). */
  associated_resource: v.nullable(v.string()),
  service_reference: v.string(),
  /** The mobile number: null until the network activates the SIM. */
  service_number: v.nullable(v.string()),
  imsi: v.nullable(v.string()),
  cancellation_date: v.nullable(v.string()),
  subscriptions: v.array(NamedSchema),
  scheduled_actions: v.array(ScheduledActionSchema),
  // Prepaid services only: ZAR amount, bytes, and the additional balances.
  available_balance: v.optional(v.number()),
  data_available_volume: v.optional(v.number()),
  additional_balances: v.optional(v.array(AdditionalBalanceSchema)),
  // Monthly services only, all in bytes: used this month (total = peak + off-peak), and the data still available
  // under the month's spend limit (the pie's third slice, labelled in GB like the others).
  total_usage: v.optional(v.number()),
  peak_usage: v.optional(v.number()),
  offpeak_usage: v.optional(v.number()),
  spend_limit_available: v.optional(v.number()),
  billing: v.optional(v.picklist(PRODUCT_BILLING)),
  life: v.optional(SimLifeSchema),
  network: v.optional(v.picklist(NETWORK_SOURCES)),
  /** When the balances or usage above were read from the network; null when it has reported none yet (then they are absent). */
  read_at: v.optional(v.nullable(v.string())),
  /** Changes sent to the network that it has not confirmed yet. */
  waiting: v.optional(v.array(NetworkWaitSchema)),
})
export type Service = v.InferOutput<typeof ServiceSchema>

/** GET /api/v8/partner/services/{user_id}. */
export const ServicesAnswerSchema = v.object({ services: v.array(ServiceSchema) })
/** GET /api/v8/partner/services/id/{id}. */
export const ServiceAnswerSchema = v.object({ service: ServiceSchema })

export type ServiceStatus = 'active' | 'suspended' | 'cancelled' | 'unknown'

/** The status code of a cancelled service. */
export const CANCELLED_STATUS = 900

/** The true status, not "always active": 0 active, 400 and 500 suspended, 900 cancelled. */
export function serviceStatus(code: number): ServiceStatus {
  if (code === 0) return 'active'
  if (code === 400 || code === 500) return 'suspended'
  if (code === CANCELLED_STATUS) return 'cancelled'
  return 'unknown'
}

/** A prepaid service carries available_balance (the "Wallets" view); otherwise the monthly view. */
export const isPrepaid = (service: Service): boolean => (service.billing ? service.billing === 'prepaid' : service.available_balance !== undefined)

/** A SIM the network has activated (or one from before the network's life was recorded). */
export const isActiveSim = (service: Service): boolean => (service.life?.state ?? 'active') === 'active'

/** Voice seconds as whole minutes, written as the language writes numbers. */
export const voiceMinutes = (seconds: number, language: string): string => formatNumber(Math.round(seconds / 60), language)

/** Data bytes as GB (1e9 bytes) with two decimals, written as the language writes numbers (1.50, af 1,50). */
export const dataGb = (bytes: number, language: string): string => formatNumber(bytes / 1e9, language, 2)

/** The gauges' labelled reference maxima (60min, 2GB, 100sms), in the balances' own units. */
export const GAUGE_REFERENCE = { voice_sub: 60 * 60, data_sub: 2e9, sms_sub: 100 } as const

/** The amount of one additional balance, or 0 when the service has none of that key. */
export function balanceOf(service: Service, key: BalanceKey): Balance | undefined {
  for (const entry of service.additional_balances ?? []) {
    const found = entry[key]
    if (found) return found
  }
  return undefined
}

/** A pie slice gets its label only when it is at least 35 degrees wide. */
export const PIE_LABEL_MIN_DEGREES = 35
export const showsPieLabel = (value: number, total: number): boolean => total > 0 && (value / total) * 360 >= PIE_LABEL_MIN_DEGREES
