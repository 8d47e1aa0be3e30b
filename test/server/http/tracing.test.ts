import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { accessLogged } from '../../../server/http/accessLog.ts'
import type { TrustProxy } from '../../../server/http/requestInfo.ts'
import { outgoingTraceHeaders, parseTraceparent, requestTraces } from '../../../server/http/requestTrace.ts'
import { silentLogger } from '../../../server/log.ts'
import { startTestServer } from '../helpers/testServer.ts'
import type { RunningServer } from '../../../server/server.ts'
import { apiKey, signUp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { unpaidOrder } from '../helpers/payments.ts'
import { freshDatabase, startupTimeout } from '../helpers/testDb.ts'
import type { TestDatabase } from '../helpers/testDb.ts'

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
const callerSpan = '00f067aa0ba902b7'

describe('one request traced across the system', () => {
  const dist = makeFakeDist()
  const logged = captureLog('debug')
  let database: TestDatabase
  let server: RunningServer
  const app = { request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) } as unknown as TestApp

  beforeAll(async () => {
    database = await freshDatabase()
    server = await startTestServer({
      databaseUrl: database.url,
      seed: true,
      apiKey,
      distDir: dist.dir,
      log: logged.log,
      reconcileIntervalMs: 0,
      serviceActionsIntervalMs: 0,
      mailOutboxIntervalMs: 3_600_000,
      // The test's requests come from loopback, here the proxy the server trusts: its id and traceparent are kept.
      trustProxy: ['127.0.0.1'],
    })
  }, startupTimeout)

  afterAll(async () => {
    await server?.close()
    await database?.drop()
    dist.remove()
  })

  it('keeps a valid W3C traceparent and refuses malformed ones', () => {
    expect(parseTraceparent(`00-${traceId}-${callerSpan}-01`)).toEqual({ traceId, parentSpanId: callerSpan, flags: '01' })
    expect(parseTraceparent(`01-${traceId}-${callerSpan}-01-later-fields`)).toEqual({ traceId, parentSpanId: callerSpan, flags: '01' })
    for (const bad of [
      undefined,
      '',
      `00-${traceId}-${callerSpan}-01-extra`,
      `ff-${traceId}-${callerSpan}-01`,
      `00-${'0'.repeat(32)}-${callerSpan}-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `00-${traceId.toUpperCase()}-${callerSpan}-01`,
      `00-${traceId}-${callerSpan}`,
    ])
      expect(parseTraceparent(bad)).toBeUndefined()
  })

  it('puts the request id and trace in every line a card checkout logs, in the call to the provider, and in the answer', async () => {
    const me = await signUp(app)
    const order = await unpaidOrder(app, me)
    // The sandbox's line is written by the logger it was built with, not by the request's: the trace still reaches it.
    logged.clear()
    const res = await app.request(`/api/v2/billing/partner/checkout/${me.id}`, {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', Cookie: me.cookie, traceparent: `00-${traceId}-${callerSpan}-01` },
      body: JSON.stringify({ payment: { orderId: order.id } }),
    })
    const requestId = res.headers.get('X-Request-Id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    await vi.waitFor(() => expect(logged.entries().some((e) => e.msg === 'request')).toBe(true))
    const lines = logged.entries()
    expect(res.status).toBe(200)
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['payment sandbox received a call', 'request']))
    for (const line of lines) expect({ msg: line.msg, reqId: line.reqId, traceId: line.traceId }).toEqual({ msg: line.msg, reqId: requestId, traceId })
    const spans = new Set(lines.map((line) => line.spanId))
    expect(spans.size).toBe(1)
    expect([...spans][0]).toMatch(/^[0-9a-f]{16}$/)
    expect([...spans][0]).not.toBe(callerSpan)
    const received = lines.filter((line) => line.msg === 'payment sandbox received a call')
    expect(received.length).toBeGreaterThanOrEqual(1)
    for (const line of received) {
      expect(line.receivedRequestId).toBe(requestId)
      expect(line.receivedTraceparent).toBe(`00-${traceId}-${[...spans][0]}-01`)
    }
  })
})

describe("a client's own X-Request-Id and traceparent", () => {
  /** A server that answers each request with its trace and the headers a call out would carry, trusting `trustProxy`. */
  async function tracedBy(trustProxy: TrustProxy, send: Record<string, string>) {
    const listener = accessLogged(
      silentLogger,
      (_req, res) => res.end(JSON.stringify({ trace: requestTraces.getStore(), outgoing: outgoingTraceHeaders() })),
      () => '/*',
      { trustProxy },
    )
    const server = createServer(listener)
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, { headers: send })
      return {
        answered: res.headers.get('X-Request-Id'),
        ...((await res.json()) as { trace: { id: string; traceId?: string }; outgoing: Record<string, string> }),
      }
    } finally {
      await new Promise((done) => server.close(done))
    }
  }
  const chosen = { 'X-Request-Id': 'chosen-by-the-client', traceparent: `00-${traceId}-${callerSpan}-01` }

  it('are replaced when no proxy is trusted, or the peer is not a trusted one: the id is a new UUID, the trace begun here', async () => {
    for (const trust of [false, ['10.0.0.0/8']] as const) {
      const seen = await tracedBy(trust, chosen)
      expect(seen.answered, JSON.stringify(trust)).toMatch(/^[0-9a-f-]{36}$/)
      expect(seen.trace.id).toBe(seen.answered)
      // A call out begins a trace of its own (written into the request's trace) instead of joining the one the client named.
      expect(seen.outgoing['X-Request-Id']).toBe(seen.answered)
      const begun = parseTraceparent(seen.outgoing.traceparent)
      expect(begun?.traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(begun?.traceId).not.toBe(traceId)
      expect(seen.trace.traceId).toBe(begun?.traceId)
    }
  })

  it('are kept from a trusted proxy, by address or hop count', async () => {
    for (const trust of [['127.0.0.1'], 1] as const) {
      const seen = await tracedBy(trust, chosen)
      expect(seen.answered, JSON.stringify(trust)).toBe('chosen-by-the-client')
      expect(seen.trace.traceId).toBe(traceId)
      expect(parseTraceparent(seen.outgoing.traceparent)).toMatchObject({ traceId, flags: '01' })
    }
  })
})
