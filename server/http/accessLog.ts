import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { clip, lineWriter } from '../log.ts'
import type { Logger } from '../log.ts'
import { requestDuration } from '../metrics.ts'
import { requestIdHeader } from './requestId.ts'
import { clientAddressOf, forwardedHeadersTrusted, plainAddress, type TrustProxy } from './requestInfo.ts'
import { requestTraces, traceOf } from './requestTrace.ts'
import type { RequestTrace } from './requestTrace.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * A request answered at once on the Node request (true), or left to the listener (false). It writes its own headers,
 * the answeredHeaders of the record's id among them, and names its route in the record.
 */
export type AnsweredAtOnce = (req: IncomingMessage, res: ServerResponse, record: RequestRecord) => boolean

/** What the access line needs to know about a request: its id and trace, client, when it began; the Hono app fills in the route it matched. */
export type RequestRecord = RequestTrace & { started?: number; client?: string }

/** The headers every answer carries: its request id, and no MIME sniffing (nothing served is meant to be guessed at). */
export const answeredHeaders = (id: string) => ({ [requestIdHeader]: id, 'X-Content-Type-Options': 'nosniff' })

// A connection's peer address, written plain, is worked out once: a kept-alive connection carries many requests.
const peerKey = Symbol('peer address')
type Peered = Socket & { [peerKey]?: string }
const peerOf = (socket: Peered | undefined): string => {
  if (!socket) return 'unknown'
  socket[peerKey] ??= (socket.remoteAddress === undefined ? undefined : plainAddress(socket.remoteAddress)) ?? 'unknown'
  return socket[peerKey]
}

/**
 * The client's address for its access line: what the trusted proxies in front forwarded (clientAddressOf, written
 * plain: IPv4-mapped IPv6 as IPv4, IPv6 without brackets), else the socket peer's.
 */
function clientOf(req: IncomingMessage, trusted: boolean, trustProxy: TrustProxy): string {
  if (!trusted) return peerOf(req.socket)
  const forwardedFor = req.headers['x-forwarded-for']
  return clip(clientAddressOf(req.socket?.remoteAddress, typeof forwardedFor === 'string' ? forwardedFor : undefined, trustProxy), 64)
}

// Kept on the request itself: a WeakMap entry per request costs the garbage collector more than the property.
const recordKey = Symbol('request record')
type Recorded = IncomingMessage & { [recordKey]?: RequestRecord }

/** The record of a request passing through accessLogged (undefined for requests made without the server, as tests do). */
export const requestRecord = (req: IncomingMessage | undefined) => (req as Recorded | undefined)?.[recordKey]

// Probes are routine: a success is logged at debug, and so is the 503 of a server shutting down (the answer it is
// meant to give); any other failure at info (/readyz warns itself when the database does not answer).
const probes = new Set(['/healthz', '/readyz'])
const levelOf = (route: string, status: number, draining: boolean) =>
  probes.has(route) ? (status === 200 || (status === 503 && draining) ? 'debug' : 'info') : status >= 500 ? 'error' : 'info'

export interface AccessLogOptions {
  /** Answers what it can before the rest (see AnsweredAtOnce). */
  atOnce?: AnsweredAtOnce
  /** Which proxies may speak for the client (TRUST_PROXY): its address, X-Request-Id and traceparent. */
  trustProxy?: TrustProxy
  /** Whether shutdown has begun: the readiness probes' 503 is then expected. */
  draining?: () => boolean
}

/**
 * Gives each request its id (X-Request-Id, answered back) and trace (a valid traceparent continued; both kept only
 * from a proxy `trustProxy` trusts, as clientAddress does), runs it in their
 * context (requestTraces: every line it logs carries them), and when it ends writes one line and times it in the
 * request duration histogram: id, client address (the one trusted proxies forwarded, else the peer's), method, route
 * (the pattern, never the path, so ids and emails in paths stay out), status and duration. `fallbackRoute` names
 * requests that no Hono route matched (the identity sandbox, Vite in dev). Query strings and headers are never
 * logged. `atOnce` answers what it can before any of that (the catalogue read): it needs no context, since it logs
 * nothing and waits on nothing, and its line is written as soon as it returns.
 */
export function accessLogged(
  log: Logger,
  listener: Listener,
  fallbackRoute: (url: string) => string,
  { atOnce, trustProxy = false, draining = () => false }: AccessLogOptions = {},
): Listener {
  const writeLine = lineWriter(log)
  function logAnswer(res: ServerResponse, req: IncomingMessage, record: RequestRecord, sent: boolean) {
    // A client that went away before the answer was sent: 499, as nginx logs it.
    const status = res.headersSent ? res.statusCode : 499
    const route = record.route ?? fallbackRoute(req.url ?? '/')
    const ms = performance.now() - (record.started ?? performance.now())
    requestDuration.observe({ method: req.method ?? '', route, status }, ms / 1000)
    writeLine(
      levelOf(route, status, draining()),
      {
        reqId: record.id,
        traceId: record.traceId,
        spanId: record.spanId,
        client: record.client,
        method: req.method,
        route,
        status,
        durationMs: Math.round(ms * 10) / 10,
        aborted: sent ? undefined : true,
      },
      'request',
    )
  }
  // One handler for every response, reading what it needs from the response: no closures made per request.
  function closed(this: ServerResponse) {
    const record = (this.req as Recorded)[recordKey]
    if (record) logAnswer(this, this.req, record, this.writableFinished)
  }
  return (req, res) => {
    const trusted = forwardedHeadersTrusted(req.socket?.remoteAddress, trustProxy)
    const record: RequestRecord = traceOf(req.headers['x-request-id'], req.headers.traceparent, trusted)
    record.client = clientOf(req, trusted, trustProxy)
    record.started = performance.now()
    ;(req as Recorded)[recordKey] = record
    // Answered at once: the whole answer is with the socket when end() returns, and is logged there and then.
    if (atOnce?.(req, res, record)) return logAnswer(res, req, record, !res.destroyed)
    // 'close' follows 'finish' when the answer was sent, and comes alone when the client went away: once either way.
    res.on('close', closed)
    // Set on the Node response, which Hono's answer is merged into: on Hono's own answer they would cost a copy of its headers.
    res.setHeader(requestIdHeader, record.id)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    requestTraces.run(record, listener, req, res)
  }
}
