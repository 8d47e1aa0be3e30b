import type { Product } from '../../domain/product.ts'
import { styled } from '../../ui/styled.ts'
import { ProductCard } from './ProductCard.tsx'

const Grid = styled('div')`
  display: grid; gap: 14px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  margin-bottom: 20px;
`

/** The product cards of the home page; the first row loads its images eagerly. */
export function ProductGrid({ products, onAdd }: { products: readonly Product[]; onAdd: (p: Product) => void }) {
  return (
    <Grid>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} onAdd={onAdd} eager={index < 2} />
      ))}
    </Grid>
  )
}
