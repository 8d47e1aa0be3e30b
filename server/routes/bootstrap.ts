import { Hono } from 'hono'
import { etag } from 'hono/etag'
import type { Db } from '../db/types.ts'
import { listProducts } from '../catalogue/listProducts.ts'
import type { AppEnv } from '../http/jsonBody.ts'

/** GET /v2/bootstrap: the catalogue; no-cache plus ETag so clients revalidate cheaply on every start. */
export function bootstrapRoutes(db: Db) {
  return new Hono<AppEnv>().get('/v2/bootstrap', etag(), async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.json({ products: await listProducts(db) })
  })
}
