import { productText, type Product } from '../../../domain/product.ts'
import type { Service } from '../../../domain/service.ts'

/** The product's name from the catalogue by product_id, in `language`; the name the service was provisioned with otherwise. */
export function productName(service: Service, products: readonly Product[], language: string): string {
  const product = products.find((p) => p.id === service.product_id)
  return product ? productText(product, language).name : service.product
}
