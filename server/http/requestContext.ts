import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { silentLogger } from '../log.ts'
import type { Logger } from '../log.ts'
import { requestRecord } from './accessLog.ts'
import { requestIdHeader, requestIdOf } from './requestId.ts'

// @hono/node-server hands the raw Node request to routes as c.env.incoming.
type NodeEnv = { incoming?: import('node:http').IncomingMessage } | undefined

/**
 * The route pattern the request was for: the route that answered; or, when a middleware answered first (a 401 from
 * the Key check), the route it was on its way to; or the middleware's own pattern (/api/*, /*) when no route matched.
 */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c)
  const answered = routes[c.req.routeIndex]
  if (answered && answered.method !== 'ALL') return answered.path
  return routes.find((r) => r.method !== 'ALL')?.path ?? answered?.path ?? '*'
}

/** The logger of this request (its lines carry the request id); silent outside an app built with one. */
export const requestLog = (c: Context): Logger => (c.var as { log?: Logger }).log ?? silentLogger

/** First middleware of the app: c.var.log and c.var.requestId for routes, and the matched route for the access line. */
export function requestContext(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const record = requestRecord((c.env as NodeEnv)?.incoming)
    const id = record?.id ?? requestIdOf(c.req.header(requestIdHeader))
    c.set('requestId', id)
    c.set('log', log.child({ reqId: id }))
    try {
      await next()
    } finally {
      if (record) record.route = routeOf(c)
    }
    c.res.headers.set(requestIdHeader, id)
  }
}
