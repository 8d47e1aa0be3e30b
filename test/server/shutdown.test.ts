import { once } from 'node:events'
import http from 'node:http'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer } from '../../server/server.ts'
import type { RunningServer, StartOptions } from '../../server/server.ts'
import { apiKey, testScryptN } from './helpers/accounts.ts'
import { startCheckoutAt } from './helpers/childServer.ts'
import { makeFakeDist } from './helpers/fakeDist.ts'
import { captureLog } from './helpers/logCapture.ts'
import { slowProvider } from './helpers/slowProvider.ts'
import type { SlowProvider } from './helpers/slowProvider.ts'
import { freshDatabase, startupTimeout } from './helpers/testDb.ts'
import type { TestDatabase } from './helpers/testDb.ts'

/** A GET on a connection of its own (no agent), so "refused" means the server takes no new connections. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => done({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
  })
}

describe('shutting down', () => {
  const dist = makeFakeDist()
  let database: TestDatabase | undefined
  let server: RunningServer | undefined
  let provider: SlowProvider | undefined
  afterEach(async () => {
    await server?.close({ graceMs: 0 })
    await provider?.close()
    await database?.drop()
    server = provider = database = undefined
  })

  async function start(options: Partial<StartOptions>, providerDelayMs: number) {
    provider = await slowProvider(providerDelayMs)
    database = await freshDatabase()
    const payments = { kind: 'provider' as const, baseUrl: provider.url, entityId: 'entity', accessToken: 'token' }
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: database.url,
      seed: true,
      apiKey,
      scryptN: testScryptN,
      distDir: dist.dir,
      dev: false,
      payments,
      ...options,
    })
    return server
  }

  it(
    'keeps idle connections open longer than a load balancer does (65 s), and waits longer still for headers',
    async () => {
      const running = await start({ quiet: true }, 0)
      expect(running.http.keepAliveTimeout).toBeGreaterThan(65_000)
      expect(running.http.headersTimeout).toBeGreaterThan(running.http.keepAliveTimeout)
      const res = await getOnNewConnection(`${running.url}/healthz`)
      expect(res.status).toBe(200)
      const agent = new http.Agent({ keepAlive: true })
      const header = await new Promise<string | undefined>((done, fail) =>
        http
          .get(`${running.url}/healthz`, { agent }, (r) => {
            r.resume()
            done(r.headers['keep-alive'] as string | undefined)
          })
          .on('error', fail),
      )
      agent.destroy()
      expect(header).toBe('timeout=75')
    },
    startupTimeout,
  )

  it(
    'is not ready from the moment it begins, lets a provider call in flight finish, refuses new connections after the grace, then closes the database',
    async () => {
      const logged = captureLog()
      const graceMs = 600
      const running = await start({ log: logged.log, shutdownGraceMs: graceMs, shutdownDrainMs: 20_000 }, 2_500)
      expect((await getOnNewConnection(`${running.url}/readyz`)).status).toBe(200)

      const { answer: checkout } = await startCheckoutAt(running.url)
      await provider!.received
      const began = Date.now()
      const closing = running.close()

      // During the grace: not ready, still alive, still serving (the load balancer is taking us out of rotation).
      const readiness = await getOnNewConnection(`${running.url}/readyz`)
      expect(readiness).toEqual({ status: 503, body: JSON.stringify({ status: 'shutting down' }) })
      expect((await getOnNewConnection(`${running.url}/healthz`)).status).toBe(200)

      // After the grace: no new connections.
      await sleep(graceMs - (Date.now() - began) + 200)
      await expect(getOnNewConnection(`${running.url}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })

      // The request that was waiting on the provider still gets its answer.
      const answered = await checkout
      expect(answered.status).toBe(200)
      expect(((await answered.json()) as { checkoutId: string }).checkoutId).toBe('slow-checkout-1')
      await closing
      expect(Date.now() - began).toBeGreaterThanOrEqual(2_000)

      // The order of events in the log: shutdown began, the checkout's line, and only then the database closed.
      const msgs = logged.entries().map((e) => (e.msg === 'request' ? `${e.method} ${e.route} ${e.status}` : e.msg))
      const at = (text: string) => msgs.findIndex((m) => m.startsWith(text))
      expect(at('shutting down')).toBeGreaterThanOrEqual(0)
      expect(at('POST /api/v2/billing/partner/checkout/:user_id 200')).toBeGreaterThan(at('shutting down'))
      expect(at('stopped')).toBeGreaterThan(at('POST /api/v2/billing/partner/checkout/:user_id 200'))
      expect(logged.problems()).toEqual([])
      server = undefined
    },
    startupTimeout,
  )

  it(
    'closes kept-alive idle connections, and connections that never sent a request, at once instead of waiting for them',
    async () => {
      const running = await start({ quiet: true, shutdownGraceMs: 0, shutdownDrainMs: 20_000 }, 0)
      const agent = new http.Agent({ keepAlive: true })
      await new Promise<void>((done, fail) => http.get(`${running.url}/healthz`, { agent }, (r) => r.resume().on('end', done)).on('error', fail))
      // A browser's spare socket: connected, silent.
      const spare = connect(running.port, '127.0.0.1')
      await once(spare, 'connect')
      const spareClosed = once(spare, 'close')
      const began = Date.now()
      await running.close()
      expect(Date.now() - began).toBeLessThan(3_000)
      await spareClosed
      agent.destroy()
      server = undefined
    },
    startupTimeout,
  )

  it(
    'logs a request the client gave up on before the answer as 499, aborted',
    async () => {
      const logged = captureLog()
      const running = await start({ log: logged.log, shutdownGraceMs: 0 }, 1_000)
      const client = new AbortController()
      const { answer } = await startCheckoutAt(running.url, client.signal)
      await provider!.received
      client.abort()
      await expect(answer).rejects.toThrow()
      await sleep(100)
      const line = logged.entries().find((e) => e.msg === 'request' && e.method === 'POST' && e.status === 499)
      expect(line).toMatchObject({ level: 30, aborted: true, route: '/api/*' })
    },
    startupTimeout,
  )

  it(
    'cuts a request still running when the drain time is up, says so, and closes all the same',
    async () => {
      const logged = captureLog()
      const running = await start({ log: logged.log, shutdownGraceMs: 0, shutdownDrainMs: 300 }, 5_000)
      const { answer: checkout } = await startCheckoutAt(running.url)
      await provider!.received
      const began = Date.now()
      await running.close()
      expect(Date.now() - began).toBeLessThan(3_000)
      await expect(checkout).rejects.toThrow()
      expect(logged.entries().some((e) => e.level === 40 && /drain time ran out/.test(e.msg))).toBe(true)
      server = undefined
    },
    startupTimeout,
  )
})
