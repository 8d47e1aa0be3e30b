import * as v from 'valibot'
import { AdditionalBalanceSchema, RICA_FAILURES } from '../../src/domain/service.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

/**
 * The network port: what we ask of the reseller's enabler (MVNE) and what it tells us, in the HTTP contract
 * docs/network.md describes. One real adapter speaks it (httpNetwork.ts) to the enabler or to the sandbox network
 * this server runs for the demo; the events come back signed to the webhook (simEvents.ts applies them).
 */

/** Whose answers they are: the demo's sandbox network, or the reseller's enabler. */
export type NetworkSource = 'sandbox' | 'enabler'

const text = v.pipe(v.string(), v.maxLength(500))
const timestamp = v.pipe(v.string(), v.isoTimestamp())

/** The identity RICA requires the network to hold before it activates a SIM. */
export const RicaRecordSchema = v.object({
  first_names: text,
  surname: text,
  document: v.object({
    type: v.picklist(['sa_id', 'passport']),
    number: text,
    /** ISO 3166 alpha-2, for a passport only. */
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  }),
  address: v.object({
    line1: text,
    line2: v.optional(text),
    suburb: v.optional(text),
    city: text,
    province: v.optional(text),
    postal_code: text,
  }),
})
export type RicaRecord = v.InferOutput<typeof RicaRecordSchema>

const BalancesSchema = v.object({
  available_balance: v.number(),
  data_available_volume: v.number(),
  additional_balances: v.array(AdditionalBalanceSchema),
})
const UsageSchema = v.object({
  total_usage: v.number(),
  peak_usage: v.number(),
  offpeak_usage: v.number(),
  spend_limit_available: v.number(),
})

/** What the network reads from a SIM (GET /v1/sims/{iccid}): its numbers, status, plan, and balances or usage with when they were read. */
export const SimReadingSchema = v.object({
  iccid: v.string(),
  msisdn: v.nullable(v.string()),
  imsi: v.nullable(v.string()),
  status: v.picklist(['active', 'suspended', 'cancelled', 'inactive']),
  plan: v.nullable(v.string()),
  read_at: timestamp,
  balances: v.optional(BalancesSchema),
  usage: v.optional(UsageSchema),
})
export type SimReading = v.InferOutput<typeof SimReadingSchema>

/** The SIM an event is about: by its ICCID, or (before it is dispatched) by our service reference. */
const SimRefSchema = v.pipe(
  v.object({ iccid: v.optional(v.pipe(v.string(), v.nonEmpty())), reference: v.optional(v.pipe(v.string(), v.nonEmpty())) }),
  v.check((sim) => sim.iccid !== undefined || sim.reference !== undefined, 'an event names its SIM by iccid or reference'),
)

const attempt = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99))

const event = <T extends string, D extends v.ObjectEntries>(type: T, data: D) =>
  v.object({
    id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
    type: v.literal(type),
    occurred_at: timestamp,
    sim: SimRefSchema,
    data: v.object(data),
  })

/** One event the network (or fulfilment) sends to POST /api/network/events, by type with its data. */
export const NetworkEventSchema = v.variant('type', [
  event('sim.dispatched', {
    iccid: v.pipe(v.string(), v.regex(/^89\d{16,18}$/)),
    courier: text,
    tracking_reference: text,
    attempt,
  }),
  event('rica.verified', { attempt }),
  event('rica.failed', { attempt, reason: v.picklist(RICA_FAILURES) }),
  event('sim.returned', {}),
  event('sim.activated', { msisdn: v.pipe(v.string(), v.regex(/^0[6-8]\d{8}$/)), imsi: v.optional(v.pipe(v.string(), v.regex(/^\d{15}$/))) }),
  event('request.applied', { request: v.pipe(v.string(), v.uuid()) }),
  event('request.failed', { request: v.pipe(v.string(), v.uuid()), code: text, message: text }),
  event('sim.suspended', { reason: text }),
  event('sim.resumed', {}),
  event('sim.cancelled', {}),
  event('usage.reported', { read_at: timestamp, balances: v.optional(BalancesSchema), usage: v.optional(UsageSchema) }),
  event('balance.low', { bundle: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)), threshold: v.picklist([50, 80, 100]), read_at: timestamp }),
])
export type NetworkEvent = v.InferOutput<typeof NetworkEventSchema>
export type NetworkEventType = NetworkEvent['type']

/** The network could not be reached, timed out, was busy, or answered outside the contract: try again (after retryAfterSeconds, when it said). */
export class NetworkUnavailable extends Error {
  override name = 'NetworkUnavailable'
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

/** The network refused the request for good (a 4xx other than 408, 409 and 429): sending it again changes nothing. */
export class NetworkRefused extends Error {
  override name = 'NetworkRefused'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`)
  }
}

export interface Activation {
  iccid: string
  plan: string
  billing: ProductBilling
  /** Our service reference, which the network's events may name the SIM by. */
  reference: string
  rica: RicaRecord
}

export interface Bundle {
  kind: string
  amount: number
  validity_days: number
}

/**
 * What we ask of the network. Every change carries its idempotency key (made when the change was written to the
 * outbox), so a repeat does nothing twice; each resolves once the network accepted it, and its event says when it
 * is applied. Errors: NetworkUnavailable (retry) or NetworkRefused (for good).
 */
export interface Network {
  readonly source: NetworkSource
  activate(a: Activation, key: string): Promise<void>
  changePlan(iccid: string, plan: string, key: string): Promise<void>
  addBundle(iccid: string, bundle: Bundle, reference: string, key: string): Promise<void>
  cancel(iccid: string, key: string): Promise<void>
  suspend(iccid: string, reason: string, key: string): Promise<void>
  /** The SIM as the network reads it now; null when it knows no such SIM. */
  readSim(iccid: string): Promise<SimReading | null>
}
