import { Hono } from 'hono'
import type { Db } from '../db/types.ts'
import { builtCatalogue, catalogueBytes } from '../catalogue/catalogueBytes.ts'
import type { CatalogueBytes } from '../catalogue/catalogueBytes.ts'
import type { AnsweredAtOnce } from '../http/accessLog.ts'
import { isApiKey } from '../http/apiKey.ts'
import { etagMatches } from '../http/etagMatches.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { requestIdHeader } from '../http/requestId.ts'
import { answer, describeApi } from '../http/openApi.ts'
import { BootstrapSchema } from '../../src/domain/product.ts'

interface CatalogueAnswer {
  status: 200 | 304
  /** Names and values in one flat list. */
  headers: readonly string[]
  body: string | undefined
}

/** The one answer to a catalogue read, given its If-None-Match: 304 on a tag it holds, else the catalogue. Both ways of serving it send this. */
function catalogueAnswer(catalogue: CatalogueBytes, ifNoneMatch: string | undefined): CatalogueAnswer {
  // Compared here, not by Hono's etag(), which reads and rewrites every response's headers: half the reads per second.
  return etagMatches(ifNoneMatch, catalogue.etag)
    ? { status: 304, headers: ['Cache-Control', 'no-cache', 'ETag', catalogue.etag], body: undefined }
    : { status: 200, headers: catalogue.headerList, body: catalogue.body }
}

const pairs = (list: readonly string[]): [string, string][] => list.flatMap((name, i) => (i % 2 ? [] : [[name, list[i + 1] ?? ''] as [string, string]]))

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
    const { status, headers, body } = catalogueAnswer(await catalogueBytes(db), c.req.header('If-None-Match'))
    return new Response(body ?? null, { status, headers: pairs(headers) })
  })
}

export const catalogueRoute = '/api/v2/bootstrap'

/**
 * The catalogue read answered on the Node request itself, the same answer as the route above: the most frequent
 * request skips Hono's request, router, middlewares and response (which cost two thirds of its time). It declines
 * (false: Hono answers) anything else: another method or path, a query string, a wrong or missing Key, X-Forwarded-*
 * headers (the app warns about those), or a catalogue not read yet. The server's access line and metrics count it as
 * any request (accessLogged), and it carries the answeredHeaders every answer carries.
 */
export function catalogueReads(db: Db, apiKey: string): AnsweredAtOnce {
  const expected = Buffer.from(apiKey)
  return (req, res, record) => {
    if (req.url !== catalogueRoute || req.method !== 'GET') return false
    const headers = req.headers
    if (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-proto'] !== undefined || headers['x-forwarded-host'] !== undefined) return false
    const catalogue = builtCatalogue(db)
    if (!catalogue || !isApiKey(expected, headers.key as string | undefined)) return false
    record.route = catalogueRoute
    const answer = catalogueAnswer(catalogue, headers['if-none-match'])
    // Headers as one flat list: Node writes those straight out, where an object or setHeader() goes through a copy.
    res.writeHead(answer.status, [...answer.headers, requestIdHeader, record.id, 'X-Content-Type-Options', 'nosniff']).end(answer.body)
    return true
  }
}
