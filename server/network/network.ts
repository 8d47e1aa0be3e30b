import * as v from 'valibot'
import { AdditionalBalanceSchema } from '../../src/domain/service.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

/**
 * The network (the enabler, MVNE or host operator) behind every SIM: what we ask of it, and the shapes of what it
 * answers and tells us (docs/network.md). One interface; the real adapter speaks HTTP, the sandbox stands in for it.
 */

/** The RICA record sent with an activation: who the customer is and where they live, as they gave it. */
export const RicaRecordSchema = v.object({
  first_names: v.string(),
  surname: v.string(),
  document: v.object({ type: v.picklist(['sa_id', 'passport']), number: v.string(), country: v.optional(v.string()) }),
  address: v.object({
    line1: v.string(),
    line2: v.optional(v.string()),
    suburb: v.optional(v.string()),
    city: v.string(),
    province: v.optional(v.string()),
    postal_code: v.string(),
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

/** GET /v1/sims/{iccid}: the SIM as the network holds it, with its balances (prepaid) or usage (monthly) and when they were read. */
export const SimReadingSchema = v.object({
  iccid: v.string(),
  msisdn: v.nullable(v.string()),
  imsi: v.nullable(v.string()),
  status: v.picklist(['active', 'suspended', 'cancelled', 'inactive']),
  plan: v.string(),
  read_at: v.string(),
  balances: v.optional(BalancesSchema),
  usage: v.optional(UsageSchema),
})
export type SimReading = v.InferOutput<typeof SimReadingSchema>

/** One event the network (or fulfilment) sends to our webhook. */
export const NetworkEventSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  type: v.string(),
  occurred_at: v.pipe(v.string(), v.isoTimestamp()),
  sim: v.object({ iccid: v.optional(v.string()), reference: v.optional(v.string()) }),
  data: v.record(v.string(), v.unknown()),
})
export type NetworkEvent = v.InferOutput<typeof NetworkEventSchema>

/** A bundle as the network adds it: kind, amount and validity as bundle_purchases stores them. */
export interface NetworkBundle {
  kind: string
  amount: number
  validity_days: number
}

export interface Network {
  /** Whose answers these are: the demo's sandbox network or the reseller's enabler. */
  readonly source: 'sandbox' | 'enabler'
  activate(a: { iccid: string; plan: string; billing: ProductBilling; reference: string; rica: RicaRecord }, key: string): Promise<void>
  changePlan(iccid: string, plan: string, key: string): Promise<void>
  addBundle(iccid: string, bundle: NetworkBundle, reference: string, key: string): Promise<void>
  cancel(iccid: string, key: string): Promise<void>
  suspend(iccid: string, reason: string, key: string): Promise<void>
  /** The SIM as the network holds it now; null when the network knows no such SIM. */
  readSim(iccid: string): Promise<SimReading | null>
}

/** The network could not take the request now (429, 5xx, 408, 409 in progress, a timeout): try again later, not before retryAfterSeconds. */
export class NetworkUnavailable extends Error {
  override name = 'NetworkUnavailable'
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

/** The network refused the request for good (any other 4xx): asking again would get the same answer. */
export class NetworkRefused extends Error {
  override name = 'NetworkRefused'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
