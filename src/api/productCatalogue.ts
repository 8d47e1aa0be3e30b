import { BootstrapSchema, type Product } from '../domain/product.ts'
import type { Dated } from './answeredAt.ts'
import { getDatedJson } from './client.ts'

/** GET /v2/bootstrap: the product catalogue, and when the server made it. */
export async function fetchCatalogue(): Promise<Dated<Product[]>> {
  const { body, fetchedAt } = await getDatedJson('/v2/bootstrap', BootstrapSchema)
  return { body: body.products, fetchedAt }
}
