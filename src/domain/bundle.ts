import * as v from 'valibot'
import { isLanguage } from './languageCodes.ts'
import { MAX_ID } from './storable.ts'

/**
 * Bundles (ADD VAS): what a SIM can buy on top of its plan, the purchase request and its answer. The server keeps
 * the list per kind of SIM and validates with these schemas; the app shows them in the customer's language.
 */

/** What a bundle adds: data in bytes, voice in seconds, SMS in units (the balances' own units). */
export const BUNDLE_KINDS = ['data', 'voice', 'sms'] as const
export type BundleKind = (typeof BUNDLE_KINDS)[number]

/** A bundle's id: lower-case letters, digits and dashes ("data-1gb"). */
export const BundleIdSchema = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Invalid bundle id.'))

const BundleNameSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(80))

/** A bundle's name in every language it is written in, as the bundle list carries it: content, not the app's code. */
export const BundleNamesSchema = v.object({ en: BundleNameSchema, xh: v.optional(BundleNameSchema), af: v.optional(BundleNameSchema) })
export type BundleNames = v.InferOutput<typeof BundleNamesSchema>

export const BundleSchema = v.object({
  id: BundleIdSchema,
  kind: v.picklist(BUNDLE_KINDS),
  /** Bytes, seconds or units. */
  amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Rand, VAT included. */
  price: v.pipe(v.number(), v.minValue(0.01)),
  /** Days the bundle lasts from the day it is paid. */
  validity_days: v.pipe(v.number(), v.integer(), v.minValue(1)),
  names: v.optional(BundleNamesSchema),
})
export type Bundle = v.InferOutput<typeof BundleSchema>

/** GET /api/v8/partner/services/id/{id}/bundles: what this SIM can buy. */
export const BundlesAnswerSchema = v.object({ bundles: v.array(BundleSchema) })

/** Body of POST /api/v8/partner/services/id/{id}/bundles; `purchase.id` equals the Idempotency-Key header. */
export const BuyBundleRequestSchema = v.object({
  purchase: v.object({ id: v.pipe(v.string(), v.uuid()), bundle_id: BundleIdSchema }),
})
export type BuyBundleRequest = v.InferOutput<typeof BuyBundleRequestSchema>

/** What an order that buys a bundle says about it (orders carry it as `bundle`): the SIM it tops up and what it adds. */
export const OrderBundleSchema = v.object({
  service_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID)),
  bundle_id: BundleIdSchema,
  kind: v.picklist(BUNDLE_KINDS),
  amount: v.number(),
  validity_days: v.number(),
  /** The bundle's name in every language, while the bundle list still offers it. */
  names: v.optional(BundleNamesSchema),
})
export type OrderBundle = v.InferOutput<typeof OrderBundleSchema>

const GB = 1e9

/**
 * A bundle's name in `language` as the bundle list words it, else its English name (the list's, or built from what it
 * adds when the list gave none).
 */
export function bundleTitle(bundle: Pick<Bundle, 'kind' | 'amount' | 'names'>, language: string): string {
  return (isLanguage(language) ? bundle.names?.[language] : undefined) ?? bundle.names?.en ?? bundleName(bundle)
}

/** The bundle's name in English, as the order line and the bill keep it ("1 GB data", "60 minutes", "100 SMS"). */
export function bundleName(bundle: Pick<Bundle, 'kind' | 'amount'>): string {
  if (bundle.kind === 'data') return `${bundle.amount / GB} GB data`
  if (bundle.kind === 'voice') return `${Math.round(bundle.amount / 60)} minutes`
  return `${bundle.amount} SMS`
}
