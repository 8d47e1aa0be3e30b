import type { Product } from '../../domain/product.ts'
import type { Service } from '../../domain/service.ts'

/** The product's name from the catalogue by product_id; the name the service was provisioned with otherwise. */
export function productName(service: Service, products: readonly Product[]): string {
  return products.find((p) => p.id === service.product_id)?.name ?? service.product
}
