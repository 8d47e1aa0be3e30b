import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueBytes } from '../../../server/catalogue/catalogueBytes.ts'
import type { RequestRecord } from '../../../server/http/accessLog.ts'
import { catalogueReads } from '../../../server/routes/bootstrap.ts'
import { seed } from '../../../server/seed/seed.ts'
import { startTestServer } from '../helpers/testServer.ts'
import type { RunningServer } from '../../../server/server.ts'
import { apiKey } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

/** What a Node response was told: its status, headers and body, and whether it ended. */
function fakeResponse() {
  const sent = { status: 0, headers: {} as Record<string, unknown>, body: undefined as unknown, ended: false }
  const res = {
    writeHead(status: number, list: string[]) {
      // Headers come as one flat list of names and values.
      const headers: Record<string, unknown> = {}
      for (let i = 0; i < list.length; i += 2) headers[list[i]!] = list[i + 1]
      Object.assign(sent, { status, headers })
      return res
    },
    end(body?: unknown) {
      Object.assign(sent, { body, ended: true })
      return res
    },
  }
  return { res: res as unknown as ServerResponse, sent }
}

const record = () => ({ id: 'req-1' }) as RequestRecord
const answered = { 'X-Request-Id': 'req-1', 'X-Content-Type-Options': 'nosniff' }

const request = (url: string, headers: Record<string, string> = { key: apiKey }, method = 'GET') => ({ url, method, headers }) as unknown as IncomingMessage

describe('catalogue reads on the Node request', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
  }, startupTimeout)
  afterAll(() => t.drop())

  it('leaves the read to the app until the catalogue is in memory, then answers it as the route does (200, then 304 on its ETag)', async () => {
    const reads = catalogueReads(t.db, apiKey)
    const before = fakeResponse()
    expect(reads(request('/api/v2/bootstrap'), before.res, record())).toBe(false)
    expect(before.sent.ended).toBe(false)

    const catalogue = await catalogueBytes(t.db)
    const fresh = fakeResponse()
    expect(reads(request('/api/v2/bootstrap'), fresh.res, record())).toBe(true)
    expect(fresh.sent).toEqual({ status: 200, headers: { ...catalogue.headers, ...answered }, body: catalogue.body, ended: true })

    const unchanged = fakeResponse()
    expect(reads(request('/api/v2/bootstrap', { key: apiKey, 'if-none-match': `W/"x", ${catalogue.etag}` }), unchanged.res, record())).toBe(true)
    expect(unchanged.sent).toEqual({ status: 304, headers: { 'Cache-Control': 'no-cache', ETag: catalogue.etag, ...answered }, body: undefined, ended: true })
  })

  it('leaves every other request to the app: other methods and paths, a query, a wrong or missing Key, forwarded headers', async () => {
    await catalogueBytes(t.db)
    const reads = catalogueReads(t.db, apiKey)
    const declined = [
      request('/api/v2/bootstrap', { key: apiKey }, 'POST'),
      request('/api/v2/bootstrap', { key: apiKey }, 'HEAD'),
      request('/api/v2/bootstrap?x=1'),
      request('/api/v2/bootstrap/'),
      request('/api//v2/bootstrap'),
      request('/api/v2/bootstrap', {}),
      request('/api/v2/bootstrap', { key: `${apiKey}x` }),
      request('/api/v2/bootstrap', { key: apiKey, 'x-forwarded-for': '203.0.113.9' }),
      request('/api/v2/bootstrap', { key: apiKey, 'x-forwarded-proto': 'https' }),
    ]
    for (const req of declined) {
      const { res, sent } = fakeResponse()
      expect(reads(req, res, record()), `${req.method} ${req.url} ${JSON.stringify(req.headers)}`).toBe(false)
      expect(sent.ended).toBe(false)
    }
  })
})

describe('catalogue reads through the server', () => {
  const logged = captureLog('info')
  let t: TestDb
  let server: RunningServer
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    server = await startTestServer({ db: t.db, seed: true, apiKey, log: logged.log })
  }, startupTimeout)
  afterAll(async () => {
    await server.close()
    await t.drop()
  })

  const read = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/v2/bootstrap`, { headers: { Key: apiKey, ...headers } })
  const comparable = (res: Response) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'))
    return { status: res.status, headers }
  }

  it('answers every read alike, the first (which reads the database) and the next, each logged with its own request id', async () => {
    const first = await read()
    const next = await read()
    expect(comparable(next)).toEqual(comparable(first))
    expect(await next.text()).toBe(await first.text())
    expect(next.headers.get('x-content-type-options')).toBe('nosniff')
    const unchanged = await read({ 'If-None-Match': first.headers.get('etag') ?? '' })
    expect(unchanged.status).toBe(304)

    const ids = [first, next, unchanged].map((r) => r.headers.get('x-request-id'))
    expect(new Set(ids).size).toBe(3)
    await expect.poll(() => logged.entries().filter((e) => e.msg === 'request').length).toBe(3)
    const lines = logged.entries().filter((e) => e.msg === 'request')
    expect(lines.map((e) => [e.reqId, e.route, e.status, e.method])).toEqual([
      [ids[0], '/api/v2/bootstrap', 200, 'GET'],
      [ids[1], '/api/v2/bootstrap', 200, 'GET'],
      [ids[2], '/api/v2/bootstrap', 304, 'GET'],
    ])
  })

  it('answers under its own id whatever X-Request-Id an untrusted client sent (no TRUST_PROXY), and refuses a wrong Key as before', async () => {
    const chosen = await read({ 'X-Request-Id': 'edge-1234' })
    expect(chosen.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const refused = await read({ Key: 'wrong' })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: 'Invalid Key header' })
  })
})
