import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { isUniqueViolation } from '../db/uniqueViolation.ts'
import { requestLog, routeOf } from './requestContext.ts'

/** The one error body every endpoint uses: { error: "..." }. */
export const jsonError = (c: Context, status: ContentfulStatusCode, error: string) => c.json({ error }, status)

export const notFound: NotFoundHandler = (c) => jsonError(c, 404, 'Not found')

/** How long a client is asked to wait while the database is unreachable: the pool tries again within this. */
export const unavailableRetryAfterSeconds = 2

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
  // The database is restarting or out of reach: a client that waits Retry-After and sends the same request again succeeds.
  if (isDatabaseUnavailable(err)) {
    requestLog(c).warn({ err, method: c.req.method, route: routeOf(c) }, 'the database could not be reached')
    c.header('Retry-After', String(unavailableRetryAfterSeconds))
    return jsonError(c, 503, serverMessages.unavailable)
  }
  // The route pattern, not the path: a path may carry an email.
  requestLog(c).error({ err, method: c.req.method, route: routeOf(c) }, 'request failed')
  return jsonError(c, 500, 'Internal server error')
}
