import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { accessLogged } from '../../../server/http/accessLog.ts'
import type { AccessLogOptions } from '../../../server/http/accessLog.ts'
import { captureLog } from '../helpers/logCapture.ts'
import type { LogEntry } from '../helpers/logCapture.ts'
import { startTestServer } from '../helpers/testServer.ts'
import { startupTimeout } from '../helpers/testDb.ts'

/** The access line of one request to a server listening on `host`, answering `status` on `route`, with `options`. */
async function accessLine(
  options: AccessLogOptions,
  {
    host = '127.0.0.1',
    headers = {},
    route = '/api/*',
    status = 200,
  }: { host?: string; headers?: Record<string, string>; route?: string; status?: number } = {},
): Promise<LogEntry> {
  const logged = captureLog('debug')
  const listener = accessLogged(
    logged.log,
    (_req, res) => {
      res.statusCode = status
      res.end()
    },
    () => route,
    options,
  )
  const server = createServer(listener)
  await new Promise<void>((done) => server.listen(0, host, done))
  try {
    const origin = host.includes(':') ? `[${host}]` : host
    await (await fetch(`http://${origin}:${(server.address() as AddressInfo).port}${route}`, { headers })).arrayBuffer()
  } finally {
    await new Promise((done) => server.close(done))
  }
  const [line] = logged.entries()
  if (!line) throw new Error('no access line')
  return line
}

describe('the access line', () => {
  describe("names the client's address", () => {
    it("as the socket's peer when no proxy is trusted: a client's own X-Forwarded-For is ignored", async () => {
      const spoofed = { 'X-Forwarded-For': '198.51.100.7' }
      expect(await accessLine({}, { headers: spoofed })).toMatchObject({ client: '127.0.0.1', msg: 'request' })
      expect(await accessLine({ trustProxy: false }, { headers: spoofed })).toMatchObject({ client: '127.0.0.1' })
      // A peer that is not one of the trusted proxies speaks only for itself.
      expect(await accessLine({ trustProxy: ['10.0.0.0/8'] }, { headers: spoofed })).toMatchObject({ client: '127.0.0.1' })
    })

    it('as the trusted proxy forwarded it: by the proxies’ addresses, or a hop count, whatever the client put further left', async () => {
      const forwarded = { 'X-Forwarded-For': '192.0.2.1, 198.51.100.7' }
      expect(await accessLine({ trustProxy: ['127.0.0.1'] }, { headers: forwarded })).toMatchObject({ client: '198.51.100.7' })
      expect(await accessLine({ trustProxy: 1 }, { headers: forwarded })).toMatchObject({ client: '198.51.100.7' })
      expect(await accessLine({ trustProxy: 2 }, { headers: forwarded })).toMatchObject({ client: '192.0.2.1' })
      // A trusted proxy that forwarded nothing: the proxy is the client.
      expect(await accessLine({ trustProxy: ['127.0.0.1'] })).toMatchObject({ client: '127.0.0.1' })
    })

    it('in IPv6 as written plainly (no brackets, no port), never masked by the scrubber as a number', async () => {
      expect(await accessLine({}, { host: '::1' })).toMatchObject({ client: '::1' })
      const forwarded = { 'X-Forwarded-For': '[2001:db8:1234:5678:9012:3456:7890:1234]:4431' }
      expect(await accessLine({ trustProxy: ['::1'] }, { host: '::1', headers: forwarded })).toMatchObject({ client: '2001:db8:1234:5678:9012:3456:7890:1234' })
      expect(await accessLine({ trustProxy: 1 }, { headers: { 'X-Forwarded-For': '::ffff:203.0.113.9' } })).toMatchObject({ client: '203.0.113.9' })
    })
  })

  describe('logs the probes quietly', () => {
    it('at debug when they succeed or a server shutting down says it is not ready; at info when not ready otherwise', async () => {
      expect(await accessLine({}, { route: '/readyz' })).toMatchObject({ level: 20, status: 200 })
      expect(await accessLine({ draining: () => true }, { route: '/readyz', status: 503 })).toMatchObject({ level: 20, status: 503 })
      // The database not answering: /readyz warns itself, and its access line stays in sight too.
      expect(await accessLine({ draining: () => false }, { route: '/readyz', status: 503 })).toMatchObject({ level: 30, status: 503 })
      expect(await accessLine({ draining: () => true }, { route: '/api/*', status: 503 })).toMatchObject({ level: 50, status: 503 })
    })

    it(
      'of a whole server shutting down: its /readyz 503 during the grace is at debug, with nothing above it',
      async () => {
        const logged = captureLog('debug')
        const server = await startTestServer({ log: logged.log, shutdownGraceMs: 600 })
        const closing = server.close()
        expect((await fetch(`${server.url}/readyz`)).status).toBe(503)
        await closing
        const probes = logged.entries().filter((e) => e.msg === 'request' && e.route === '/readyz')
        expect(probes).toEqual([expect.objectContaining({ level: 20, status: 503, client: '127.0.0.1' })])
        expect(logged.problems()).toEqual([])
      },
      startupTimeout,
    )
  })
})
