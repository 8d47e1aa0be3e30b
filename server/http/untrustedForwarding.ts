import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../log.ts'
import type { TrustProxy } from './requestInfo.ts'

const forwardedHeaders = ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host'] as const

/**
 * Warns once, on the first request carrying X-Forwarded-* while TRUST_PROXY is off: a proxy sits in front that nobody
 * told us about, so every customer counts as its address in the limits, and https is not seen.
 */
export function untrustedForwardingWarning(trustProxy: TrustProxy, log: Logger): MiddlewareHandler {
  let warned = trustProxy !== false && trustProxy !== 0
  return async (c, next) => {
    if (!warned) {
      const sent = forwardedHeaders.filter((name) => c.req.header(name) !== undefined)
      if (sent.length > 0) {
        warned = true
        log.warn(
          { headers: sent },
          'requests carry X-Forwarded-* headers but TRUST_PROXY is off, so they are ignored: if a proxy sits in front, set TRUST_PROXY to it (a likely misconfiguration)',
        )
      }
    }
    await next()
  }
}
