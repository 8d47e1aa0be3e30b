import * as v from 'valibot'
import { ProductSchema } from '../../src/domain/product.ts'
import type { Product, ProductTexts, TranslatedLanguage } from '../../src/domain/product.ts'
import type { Queryable } from '../db/types.ts'

interface TextRow {
  product_id: number
  language: TranslatedLanguage
  name: string
  plan: string
  speed: string
}

/** Each product's wording in the other languages (product_texts), by product id. */
export async function productTexts(db: Queryable): Promise<Map<number, ProductTexts>> {
  const rows = await db.query<TextRow>('select product_id, language, name, plan, speed from product_texts order by product_id, language')
  const texts = new Map<number, ProductTexts>()
  for (const { product_id, language, name, plan, speed } of rows) {
    const own = texts.get(product_id) ?? {}
    own[language] = { name, plan, speed }
    texts.set(product_id, own)
  }
  return texts
}

/** Active packages in catalogue order, each with its wording in every language, checked against the schema the client trusts. */
export async function listProducts(db: Queryable): Promise<Product[]> {
  const rows = await db.query<Record<string, unknown>>('select id, name, plan, unit_price, speed, image from products where active order by sort, id')
  const texts = await productTexts(db)
  return rows.map((row) => v.parse(ProductSchema, { ...row, texts: texts.get(row.id as number) ?? {} }))
}
