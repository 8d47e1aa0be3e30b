import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { silentLogger } from '../log.ts'
import type { Logger } from '../log.ts'
import { requestRecord } from './accessLog.ts'
import { answeredHeaders } from './accessLog.ts'
import { requestIdHeader } from './requestId.ts'
import { forwardedHeadersTrustedFor, type ProxyTrust } from './requestInfo.ts'
import { requestTraces, traceOf } from './requestTrace.ts'
import type { RequestTrace } from './requestTrace.ts'

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

/** The logger of this request (its lines carry the request id and trace: see requestTraces); silent outside an app built with one. */
export const requestLog = (c: Context): Logger => (c.var as { log?: Logger }).log ?? silentLogger

/**
 * First middleware of the app: c.var.log and c.var.requestId for routes, and the matched route for the access line.
 * A request the server's accessLogged already traced runs in that trace (and has its answer's headers); one handed
 * to app.fetch directly (tests, the sandbox's in-process calls) gets a trace and those headers here, keeping the
 * caller's id and traceparent only when `trust` trusts it as a proxy.
 */
export function requestContext(log: Logger, trust: ProxyTrust = {}): MiddlewareHandler {
  return async (c, next) => {
    const record = requestRecord((c.env as NodeEnv)?.incoming)
    if (record) return inTrace(c, record, log, next)
    const trace = traceOf(c.req.header(requestIdHeader), c.req.header('traceparent'), forwardedHeadersTrustedFor(c, trust))
    await requestTraces.run(trace, () => inTrace(c, trace, log, next))
    // On the finished answer's own headers (c.header() would copy the response once more); the server sets them on its own.
    for (const [name, value] of Object.entries(answeredHeaders(trace.id))) c.res.headers.set(name, value)
  }
}

async function inTrace(c: Context, trace: RequestTrace, log: Logger, next: () => Promise<void>): Promise<void> {
  c.set('requestId', trace.id)
  // The logger itself adds the trace's fields to each line (a child logger per request would cost a serialisation each).
  c.set('log', log)
  try {
    await next()
  } finally {
    trace.route = routeOf(c)
  }
}
