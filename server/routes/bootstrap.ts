import { Hono } from 'hono'
import type { Db } from '../db/types.ts'
import { catalogueBytes } from '../catalogue/catalogueBytes.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { answer, describeApi } from '../http/openApi.ts'
import { BootstrapSchema } from '../../src/domain/product.ts'

// The comparison Hono's etag() middleware makes (weak, any listed tag, or *), done here so the answer is built
// once with plain headers: etag() reads and rewrites the headers of every response, halving the reads per second.
const matches = (ifNoneMatch: string | undefined, tag: string) => ifNoneMatch === '*' || (ifNoneMatch?.match(/"[^"]*"/g)?.some((t) => t === tag) ?? false)

const described = describeApi({
  summary: 'The catalogue',
  tags: ['catalogue'],
  responses: {
    200: answer('Every product on sale (Cache-Control: no-cache, with an ETag)', BootstrapSchema),
    304: answer('Unchanged since the If-None-Match tag'),
  },
})

/** GET /v2/bootstrap: the catalogue; no-cache plus ETag so clients revalidate cheaply on every start. */
export function bootstrapRoutes(db: Db) {
  return new Hono<AppEnv>().get('/v2/bootstrap', described, async (c) => {
    const catalogue = await catalogueBytes(db)
    // A Response of plain headers: c.body() turns more than one header into a Headers object, which the Node adapter then copies back.
    if (matches(c.req.header('If-None-Match'), catalogue.etag))
      return new Response(null, { status: 304, headers: { 'Cache-Control': 'no-cache', ETag: catalogue.etag } })
    return new Response(catalogue.body, { status: 200, headers: { ...catalogue.headers } })
  })
}
