import * as v from 'valibot'
import { ProductSchema } from '../../src/domain/product.ts'
import type { Product } from '../../src/domain/product.ts'
import type { Queryable } from '../db/types.ts'

/** Active packages in catalogue order, checked against the schema the client trusts. */
export async function listProducts(db: Queryable): Promise<Product[]> {
  const rows = await db.query<unknown>('select id, name, plan, unit_price, speed, image from products where active order by sort, id')
  return rows.map((row) => v.parse(ProductSchema, row))
}
