import type { Product } from '../../domain/product.ts'
import { useCatalogue } from './useCatalogue.ts'

/** The catalogue's products for naming services; empty until it is cached (the service's own product name shows then). */
export function useProducts(): readonly Product[] {
  const catalogue = useCatalogue()
  return catalogue.status === 'ready' ? catalogue.products : []
}
