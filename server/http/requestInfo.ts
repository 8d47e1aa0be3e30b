import type { Context } from 'hono'

/** The pieces of the incoming request that depend on whether a reverse proxy sits in front. */
export interface ProxyTrust {
  trustProxy?: boolean
}

// @hono/node-server hands the raw Node request to routes as c.env.incoming.
type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } } | undefined

/** The client's address: the proxy's last X-Forwarded-For hop when trusted, else the socket peer. */
export function clientAddress(c: Context, { trustProxy = false }: ProxyTrust): string {
  if (trustProxy) {
    const hops = c.req.header('X-Forwarded-For')?.split(',').map((s) => s.trim()).filter(Boolean)
    const last = hops?.at(-1)
    if (last) return last
  }
  return (c.env as NodeEnv)?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** True when the browser reached us over https, directly or (when trusted) through a proxy. */
export function isHttps(c: Context, { trustProxy = false }: ProxyTrust): boolean {
  if (trustProxy) {
    const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim()
    if (proto) return proto === 'https'
  }
  return new URL(c.req.url).protocol === 'https:'
}

/** scheme://host as the browser sees this server. */
export function requestOrigin(c: Context, trust: ProxyTrust): string {
  const url = new URL(c.req.url)
  const host = (trust.trustProxy && c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim()) || url.host
  return `${isHttps(c, trust) ? 'https' : 'http'}://${host}`
}
