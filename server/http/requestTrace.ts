import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { requestIdHeader, requestIdOf } from './requestId.ts'

/** What ties the work of one request together: its id, and its W3C trace (kept from the caller's traceparent, or begun here). */
export interface RequestTrace {
  id: string
  /** The caller's trace id (32 hex digits); set when a valid traceparent arrived or once a call out needed one. */
  traceId?: string
  /** This server's span of the trace (16 hex digits). */
  spanId?: string
  /** The caller's span, when a traceparent arrived. */
  parentSpanId?: string
  /** The trace flags to pass on (sampled or not), as two hex digits. */
  flags?: string
  /** The Hono route pattern the request matched, filled in by the app. */
  route?: string
}

// Version 00 has exactly four fields; a later version may add more after them, which a version-00 reader ignores.
const traceparentFormat = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/
const zeros = /^0+$/

/** The trace id, parent span and flags of a traceparent header, or undefined when it is not valid W3C trace context. */
export function parseTraceparent(header: string | string[] | undefined): { traceId: string; parentSpanId: string; flags: string } | undefined {
  if (typeof header !== 'string' || header.length > 512) return undefined
  const match = traceparentFormat.exec(header.trim())
  if (!match) return undefined
  const [, version, traceId, parentSpanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined]
  if (version === 'ff' || (version === '00' && rest !== undefined) || zeros.test(traceId) || zeros.test(parentSpanId)) return undefined
  return { traceId, parentSpanId, flags }
}

const newSpanId = () => randomBytes(8).toString('hex')

/**
 * The trace of a request arriving with these headers. Only when they come from a trusted proxy (`fromTrustedProxy`,
 * TRUST_PROXY as clientAddress reads it) is a sane X-Request-Id kept and a valid traceparent continued with a span of
 * ours; from anyone else both are the client's to make up (another request's id, a trace to join, the sampled flag),
 * so the request gets an id and, when it calls out, a trace of its own.
 */
export function traceOf(requestId: string | string[] | undefined, traceparent: string | string[] | undefined, fromTrustedProxy: boolean): RequestTrace {
  const trace: RequestTrace = { id: requestIdOf(fromTrustedProxy ? requestId : undefined) }
  const parent = fromTrustedProxy ? parseTraceparent(traceparent) : undefined
  if (parent) Object.assign(trace, parent, { spanId: newSpanId() })
  return trace
}

/** The trace of the request whose work is running now (every log line and call out reads it); undefined outside a request. */
export const requestTraces = new AsyncLocalStorage<RequestTrace>()

/** The fields each log line written during a request carries. */
export function traceLogFields(): Record<string, string> {
  const trace = requestTraces.getStore()
  if (!trace) return {}
  return trace.traceId && trace.spanId ? { reqId: trace.id, traceId: trace.traceId, spanId: trace.spanId } : { reqId: trace.id }
}

/**
 * The headers a call to another system carries on behalf of the current request: its X-Request-Id and a traceparent
 * naming this server's span as the parent (a trace is begun here when the caller sent none). None outside a request.
 */
export function outgoingTraceHeaders(): Record<string, string> {
  const trace = requestTraces.getStore()
  if (!trace) return {}
  if (!trace.traceId) Object.assign(trace, { traceId: randomBytes(16).toString('hex'), spanId: newSpanId(), flags: '01' })
  return { [requestIdHeader]: trace.id, traceparent: `00-${trace.traceId}-${trace.spanId}-${trace.flags}` }
}
