import * as v from 'valibot'
import { BUNDLE_KINDS, BundleIdSchema } from './bundle.ts'
import { ProductTextSchema } from './product.ts'
import { PRODUCT_BILLING } from './service.ts'

/**
 * The catalogue as one JSON file (`npm run catalogue -- export` writes it, `import` loads it): every package and
 * bundle on offer, in English, isiXhosa and Afrikaans. A translation that is null (or left out) is missing: the shop
 * then shows the English, and the file says so instead of repeating the English as if it were a translation.
 */
export const CATALOGUE_FILE_VERSION = 1

const cents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6

/** Rand, VAT included, at most two decimals (the database keeps cents). */
const price = (least: number) => v.pipe(v.number(), v.minValue(least), v.maxValue(99_999_999.99), v.check(cents, 'A price has at most two decimals (cents).'))

/** The order on the page: smaller first, then by id. */
const PositionSchema = v.pipe(v.number(), v.integer(), v.minValue(-2_147_483_648), v.maxValue(2_147_483_647))

/** How it is paid for: `prepaid` (a SIM with top-up balances) or `monthly` (a month-to-month line with usage and a spend limit). */
const BillingSchema = v.picklist(PRODUCT_BILLING)

/** A package's name, plan and speed line in each language; English is required, the others are missing when null. */
export const PackageTextsSchema = v.strictObject({
  en: ProductTextSchema,
  xh: v.nullish(ProductTextSchema),
  af: v.nullish(ProductTextSchema),
})

export const CataloguePackageSchema = v.strictObject({
  /** What placed orders and SIMs point at: keep a package's id for as long as it is the same package. */
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  texts: PackageTextsSchema,
  price: price(0),
  billing: BillingSchema,
  /** The card's picture: a path on the shop's own site (the seed's are /images/products/…). */
  image: v.pipe(v.string(), v.regex(/^\/[^\s"'<>\\]*$/, 'An image is a path on the shop’s own site, starting with /.')),
  position: PositionSchema,
  /** Listed on the home page and orderable; false keeps it out of the shop without retiring it. */
  on_sale: v.boolean(),
  /** The plan code the network (the reseller's enabler) activates it by; null (or left out): the package's id. */
  network_plan: v.nullish(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
})
export type CataloguePackage = v.InferOutput<typeof CataloguePackageSchema>

const BundleNameSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(80))

export const CatalogueBundleSchema = v.strictObject({
  id: BundleIdSchema,
  names: v.strictObject({ en: BundleNameSchema, xh: v.nullish(BundleNameSchema), af: v.nullish(BundleNameSchema) }),
  /** Which SIMs may buy it: prepaid SIMs (on their top-up balances) or monthly ones (data under the spend limit). */
  billing: BillingSchema,
  kind: v.picklist(BUNDLE_KINDS),
  /** Bytes of data, seconds of calls or SMS units. */
  amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  price: price(0.01),
  validity_days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3650)),
  position: PositionSchema,
  on_sale: v.boolean(),
})
export type CatalogueBundle = v.InferOutput<typeof CatalogueBundleSchema>

export const CatalogueFileSchema = v.strictObject({
  version: v.literal(CATALOGUE_FILE_VERSION),
  /** Every package not retired; one left out of the file is retired by the import. */
  packages: v.array(CataloguePackageSchema),
  /** Every bundle not retired; one left out of the file is retired by the import. */
  bundles: v.array(CatalogueBundleSchema),
})
export type CatalogueFile = v.InferOutput<typeof CatalogueFileSchema>

/** Where an issue is in the file, as a reader finds it: `packages[2].texts.xh.speed`. */
function placeOf(path: readonly { key: unknown }[] | undefined): string {
  let place = ''
  for (const { key } of path ?? []) place += typeof key === 'number' ? `[${key}]` : `${place ? '.' : ''}${String(key)}`
  return place || '(the whole file)'
}

/** Ids given twice in one list, as problems at the second one's place. */
function repeatedIds(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return []
  const problems: string[] = []
  for (const list of ['packages', 'bundles'] as const) {
    const items: unknown = (input as Record<string, unknown>)[list]
    if (!Array.isArray(items)) continue
    const seen = new Map<unknown, number>()
    items.forEach((item: unknown, index) => {
      const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined
      if (id === undefined) return
      const first = seen.get(id)
      if (first === undefined) seen.set(id, index)
      else problems.push(`${list}[${index}].id: ${JSON.stringify(id)} is already the id of ${list}[${first}].`)
    })
  }
  return problems
}

/** The file checked whole: the catalogue it holds, or every problem with its place in the file. */
export function readCatalogueFile(input: unknown): { file: CatalogueFile } | { problems: string[] } {
  const parsed = v.safeParse(CatalogueFileSchema, input)
  const problems = [...(parsed.success ? [] : parsed.issues.map((issue) => `${placeOf(issue.path)}: ${issue.message}`)), ...repeatedIds(input)]
  if (problems.length > 0 || !parsed.success) return { problems }
  return { file: parsed.output }
}
