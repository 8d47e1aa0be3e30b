import { Hono } from 'hono'
import { LegalPagesSchema } from '../../src/domain/legalPages.ts'
import { isLanguage } from '../../src/domain/languageCodes.ts'
import { jsonError } from '../http/errors.ts'
import { etagMatches } from '../http/etagMatches.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { legalPages, type LegalSettings } from '../legal/legalPages.ts'

const described = describeApi({
  summary: "The legal pages in one language: the seller's details, the privacy notice, the terms of sale and the PAIA manual",
  tags: ['legal'],
  responses: {
    200: answer("Each page's title and HTML, rendered from the operator's Markdown (Cache-Control: no-cache, with an ETag)", LegalPagesSchema),
    304: answer('Unchanged since the If-None-Match tag'),
    404: refusal('Not a language the shop speaks (en, xh or af)'),
  },
})

/** GET /legal/{language}: the pages rendered once at start; no-cache plus ETag, so the app and its worker revalidate cheaply. */
export function legalRoutes(settings: LegalSettings) {
  const pages = legalPages(settings)
  return new Hono<AppEnv>().get('/legal/:language', described, (c) => {
    const language = c.req.param('language')
    const found = isLanguage(language) ? pages.get(language) : undefined
    if (!found) return jsonError(c, 404, 'Not found')
    const headers = { 'Cache-Control': 'no-cache', ETag: found.etag }
    if (etagMatches(c.req.header('If-None-Match'), found.etag)) return c.body(null, 304, headers)
    return c.body(found.body, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
  })
}
