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

interface ProductRow {
  id: number
  name: string
  plan: string
  unit_price: number
  speed: string
  image: string
  language: TranslatedLanguage | null
  text_name: string | null
  text_plan: string | null
  text_speed: string | null
}

/** Active packages in catalogue order, each with its wording in every language, checked against the schema the client trusts. */
export async function listProducts(db: Queryable): Promise<Product[]> {
  // One query: a package's row once per language it is written in (once with nulls when in none).
  const rows = await db.query<ProductRow>(
    `select p.id, p.name, p.plan, p.unit_price, p.speed, p.image, t.language, t.name as text_name, t.plan as text_plan, t.speed as text_speed
     from products p left join product_texts t on t.product_id = p.id
     where p.active order by p.sort, p.id, t.language`,
  )
  const products = new Map<number, Product & { texts: ProductTexts }>()
  for (const { language, text_name, text_plan, text_speed, ...product } of rows) {
    const own = products.get(product.id) ?? { ...product, texts: {} }
    if (language !== null) own.texts[language] = { name: text_name ?? '', plan: text_plan ?? '', speed: text_speed ?? '' }
    products.set(product.id, own)
  }
  return [...products.values()].map((product) => v.parse(ProductSchema, product))
}
