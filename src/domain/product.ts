import * as v from 'valibot'
import type { Language } from './languageCodes.ts'

/** The languages a package's wording is written in besides English (the product's own name, plan and speed). */
export const TRANSLATED_LANGUAGES = ['xh', 'af'] as const satisfies readonly Exclude<Language, 'en'>[]
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number]

/** A package's wording in one language: what its card and the package change show. */
export const ProductTextSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  plan: v.string(),
  speed: v.string(),
})
export type ProductText = v.InferOutput<typeof ProductTextSchema>

/** Each translated language's wording; a language missing here shows the English. */
export const ProductTextsSchema = v.partial(v.object({ xh: ProductTextSchema, af: ProductTextSchema }))
export type ProductTexts = v.InferOutput<typeof ProductTextsSchema>

/** A data package as the catalogue (GET /api/v2/bootstrap) describes it. */
export const ProductSchema = v.object({
  id: v.number(),
  name: v.pipe(v.string(), v.minLength(1)),
  plan: v.string(),
  unit_price: v.pipe(v.number(), v.minValue(0)),
  speed: v.string(),
  image: v.string(),
  /** The same wording in the other languages: the catalogue carries every language, so switching language offline needs no request. */
  texts: v.optional(ProductTextsSchema),
})
export type Product = v.InferOutput<typeof ProductSchema>

export const BootstrapSchema = v.object({ products: v.array(ProductSchema) })
export type Bootstrap = v.InferOutput<typeof BootstrapSchema>

/** A package's name, plan and speed in `language`, from the catalogue's own wording (English when it has none for it). */
export function productText(product: ProductText & { texts?: ProductTexts | undefined }, language: string): ProductText {
  const translated = language === 'xh' || language === 'af' ? product.texts?.[language] : undefined
  return translated ?? { name: product.name, plan: product.plan, speed: product.speed }
}
