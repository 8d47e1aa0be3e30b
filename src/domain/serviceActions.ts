import * as v from 'valibot'
import { ProductTextsSchema } from './product.ts'
import { MAX_PRODUCT_ID } from './storable.ts'
import { PRODUCT_BILLING } from './service.ts'

/**
 * What the service page asks before a package change or a cancellation, and what it sends: shared by the API
 * client, the machines and the server's routes, which check bodies with these same schemas.
 */

/** The mobile network generation a package runs on, read from its plan ("5G Uncapped"); null when it names none. */
export function networkOf(product: { plan: string; name: string }): '4G' | '5G' | null {
  const found = /\b([45]G)\b/i.exec(`${product.plan} ${product.name}`)
  return found ? (found[1]?.toUpperCase() as '4G' | '5G') : null
}

/** A package the SIM could move to (or is on), as the live catalogue has it. */
export const PackageSchema = v.object({
  product_id: v.number(),
  name: v.string(),
  plan: v.string(),
  speed: v.string(),
  /** Rand per month (a prepaid bundle's price per 30 days). */
  unit_price: v.number(),
  /** Its name, plan and speed in the other languages, as the catalogue has them. */
  texts: v.optional(ProductTextsSchema),
})
export type Package = v.InferOutput<typeof PackageSchema>

/** GET /v8/partner/services/id/{id}/packages: the package now, its price now, and those of the same kind. */
export const PackagesAnswerSchema = v.object({
  current: PackageSchema,
  /** What the SIM is charged per cycle now (the price it was bought or last changed at). */
  current_price: v.number(),
  billing: v.picklist(PRODUCT_BILLING),
  /** ISO date-time of the next bill cycle's start, when a change takes effect. */
  effective_date: v.string(),
  /** Cheapest first; empty when the catalogue has no other package of this kind. */
  packages: v.array(PackageSchema),
})
export type PackagesAnswer = v.InferOutput<typeof PackagesAnswerSchema>

export const packageChangeMessages = { choose: 'Choose a package.' } as const

/** POST /v8/partner/services/id/{id}/package: the package to move to from the next bill cycle. */
export const PackageChangeRequestSchema = v.object(
  {
    product_id: v.pipe(
      v.number(packageChangeMessages.choose),
      v.integer(packageChangeMessages.choose),
      v.minValue(1, packageChangeMessages.choose),
      v.maxValue(MAX_PRODUCT_ID, packageChangeMessages.choose),
    ),
  },
  // Also what a body without product_id is told.
  packageChangeMessages.choose,
)
export type PackageChangeRequest = v.InferOutput<typeof PackageChangeRequestSchema>

/** GET /v8/partner/services/id/{id}/cancellation: what cancelling would do, before the customer confirms. */
export const CancellationQuoteSchema = v.object({
  billing: v.picklist(PRODUCT_BILLING),
  /** Prepaid SIMs end at once; monthly ones at the end of the current bill cycle. */
  immediate: v.boolean(),
  /** ISO date-time the service ends. */
  effective_date: v.string(),
  /** A prepaid SIM's wallet left (rand), which ends with it; null for a monthly SIM. */
  wallet_balance: v.nullable(v.number()),
})
export type CancellationQuote = v.InferOutput<typeof CancellationQuoteSchema>
