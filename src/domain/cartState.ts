import type { Product } from './product.ts'

/** A product's configuration on a cart line: value adds plus free-text configs. */
export interface ProductConfigs {
  value_adds: string[]
  configs: [{ friendly_name: string; comments: string }, ...{ friendly_name: string; comments: string }[]]
}

/** One line of the cart: a copy of a product with its own cart_id. */
export interface OrderLine {
  cart_id: string
  product_id: number
  id: number
  name: string
  unit_price: number
  image: string
  product_configs: ProductConfigs
}

/** The cart order; delivery and partner are filled when the order is created. */
export interface CartState {
  order_lines: OrderLine[]
  total: number
}

export const emptyCart = (): CartState => ({ order_lines: [], total: 0 })

export const defaultConfigs = (): ProductConfigs => ({
  value_adds: [],
  configs: [{ friendly_name: '', comments: 'Free text' }],
})

export function lineFromProduct(product: Product, cartId: string): OrderLine {
  return {
    cart_id: cartId,
    product_id: product.id,
    id: product.id,
    name: product.name,
    unit_price: product.unit_price,
    image: product.image,
    product_configs: defaultConfigs(),
  }
}
