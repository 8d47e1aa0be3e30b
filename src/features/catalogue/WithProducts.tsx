import type { ReactNode } from 'react'
import type { Product } from '../../domain/product.ts'
import { useProducts } from './useProducts.ts'

/** Hands the catalogue's products to another area's screen, loading the catalogue only when that screen shows. */
export function WithProducts({ children }: { children: (products: readonly Product[]) => ReactNode }) {
  return children(useProducts())
}
