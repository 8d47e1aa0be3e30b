import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { isUniqueViolation } from '../db/uniqueViolation.ts'
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
  // Two writers raced for one unique value and the database kept the first: the other is a conflict, not a fault.
  if (isUniqueViolation(err)) {
    requestLog(c).warn({ err, method: c.req.method, route: routeOf(c) }, 'a unique value was taken by a request at the same moment')
    return jsonError(c, 409, serverMessages.changedMeanwhile)
  }
  // The route pattern, not the path: a path may carry an email.
  requestLog(c).error({ err, method: c.req.method, route: routeOf(c) }, 'request failed')
  return jsonError(c, 500, 'Internal server error')
}
