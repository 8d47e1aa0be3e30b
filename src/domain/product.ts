import * as v from 'valibot'

/** A data package as the catalogue (GET /api/v2/bootstrap) describes it. */
export const ProductSchema = v.object({
  id: v.number(),
  name: v.pipe(v.string(), v.minLength(1)),
  plan: v.string(),
  unit_price: v.pipe(v.number(), v.minValue(0)),
  speed: v.string(),
  image: v.string(),
})
export type Product = v.InferOutput<typeof ProductSchema>

export const BootstrapSchema = v.object({ products: v.array(ProductSchema) })
export type Bootstrap = v.InferOutput<typeof BootstrapSchema>
