import { BootstrapSchema, type Product } from '../domain/product.ts'
import { getJson } from './client.ts'

/** GET /v2/bootstrap: the product catalogue. */
export async function fetchCatalogue(): Promise<Product[]> {
  const { products } = await getJson('/v2/bootstrap', BootstrapSchema)
  return products
}
