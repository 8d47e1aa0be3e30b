import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { requestLog, routeOf } from './requestContext.ts'

/** The one error body every endpoint uses: { error: "..." }. */
export const jsonError = (c: Context, status: ContentfulStatusCode, error: string) => c.json({ error }, status)

export const notFound: NotFoundHandler = (c) => jsonError(c, 404, 'Not found')

/** Known HTTP errors keep their status; anything else is logged here and answered without internals. */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    return jsonError(c, status, err.message || 'Request failed')
  }
  // The route pattern, not the path: a path may carry an email.
  requestLog(c).error({ err, method: c.req.method, route: routeOf(c) }, 'request failed')
  return jsonError(c, 500, 'Internal server error')
}
