import http from 'node:http'
import { setTimeout } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer } from '../helpers/testServer.ts'
import type { RunningServer } from '../../../server/server.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { startupTimeout } from '../helpers/testDb.ts'

const apiKey = 'keep-alive-key'
const oversized = Buffer.alloc(200 * 1024, 'a')

interface Answer {
  status: number
  connection: string | undefined
  /** True when the request went out on a socket an earlier request had used. */
  reusedSocket: boolean
}

/** One request on the agent; the body is written in parts, with a pause before each part after the first. */
function send(
  agent: http.Agent,
  url: string,
  init: { method?: string; headers?: http.OutgoingHttpHeaders; parts?: Buffer[]; pauseMs?: number } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, agent }, (res) => {
      res.resume()
      res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection, reusedSocket: req.reusedSocket }))
      res.on('error', fail)
    })
    req.on('error', fail)
    const parts = [...(init.parts ?? [])]
    const writeNext = () => {
      const part = parts.shift()
      if (!part) return req.end()
      req.write(part)
      void setTimeout(init.pauseMs ?? 0).then(writeNext)
    }
    writeNext()
  })
}

describe('answers sent before the request body was read', () => {
  const dist = makeFakeDist()
  let server: RunningServer
  let agent: http.Agent
  beforeAll(async () => {
    server = await startTestServer({
      apiKey,
      distDir: dist.dir,
    })
  }, startupTimeout)
  afterAll(async () => {
    await server?.close()
    dist.remove()
  })
  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  })
  afterEach(() => agent.destroy())

  /** The next request on the same agent succeeds, on the kept socket exactly when the refusal promised to keep it. */
  async function expectNextRequestWorks(refusal: Answer) {
    // Past @hono/node-server's 500 ms drain deadline, after which it used to drop a socket it had kept alive.
    await setTimeout(700)
    const next = await send(agent, `${server.url}/api/v2/bootstrap`, { headers: { Key: apiKey } })
    expect(next.status).toBe(200)
    expect(next.reusedSocket).toBe(refusal.connection !== 'close')
  }

  it('refuses an oversized body with 413 and the next request on the agent still works', async () => {
    const refusal = await send(agent, `${server.url}/api/v2/users`, {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', 'Content-Length': oversized.length },
      parts: [oversized],
    })
    expect(refusal.status).toBe(413)
    // Most of the body was still on its way when the answer went out, so the server says it will close.
    expect(refusal.connection).toBe('close')
    await expectNextRequestWorks(refusal)
  })

  it('does the same for an oversized chunked body, which the limit reads as it comes', async () => {
    const refusal = await send(agent, `${server.url}/api/v2/users`, {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json' },
      parts: [oversized.subarray(0, 64 * 1024), oversized.subarray(64 * 1024)],
    })
    expect(refusal.status).toBe(413)
    await expectNextRequestWorks(refusal)
  })

  it('answers a wrong Key with 401 before reading a large body, and the connection stays usable', async () => {
    const refusal = await send(agent, `${server.url}/api/v2/users`, {
      method: 'POST',
      headers: { Key: 'wrong', 'Content-Type': 'application/json', 'Content-Length': oversized.length },
      parts: [oversized],
    })
    expect(refusal.status).toBe(401)
    await expectNextRequestWorks(refusal)
  })

  it('keeps the connection alive when the refused body had already arrived in full', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'someone@example.co.za' }))
    const refusal = await send(agent, `${server.url}/api/v2/users`, {
      method: 'POST',
      headers: { Key: 'wrong', 'Content-Type': 'application/json', 'Content-Length': body.length },
      parts: [body],
    })
    expect(refusal.status).toBe(401)
    expect(refusal.connection).toBe('keep-alive')
    await expectNextRequestWorks(refusal)
  })

  it('still lets a slow client finish its body and reconnect after a refusal', async () => {
    // The pause outlasts @hono/node-server's own 500 ms drain, after which it used to drop a kept-alive socket.
    const refusal = await send(agent, `${server.url}/api/v2/users`, {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', 'Content-Length': oversized.length },
      parts: [oversized.subarray(0, 100 * 1024), oversized.subarray(100 * 1024)],
      pauseMs: 700,
    })
    expect(refusal.status).toBe(413)
    expect(refusal.connection).toBe('close')
    await expectNextRequestWorks(refusal)
  })

  it('covers the card sandbox limit and the identity sandbox, which answer before reading too', async () => {
    const paymentRefusal = await send(agent, `${server.url}/sandbox/payments/v1/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': oversized.length },
      parts: [oversized],
    })
    expect(paymentRefusal.status).toBe(413)
    await expectNextRequestWorks(paymentRefusal)

    const identityRefusal = await send(agent, `${server.url}/sandbox/identity/google/interaction/unknown/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': oversized.length },
      parts: [oversized],
    })
    expect(identityRefusal.status).toBe(400)
    await expectNextRequestWorks(identityRefusal)
  })
})
