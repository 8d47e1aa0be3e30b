import { describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import type { Db } from '../../../server/db/types.ts'
import { readinessTimeoutMs } from '../../../server/routes/health.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'

const apiKey = 'health-key'

describe('/healthz and /readyz', () => {
  it(
    'says the process is alive, and ready while its database answers, without a Key and never cached',
    async () => {
      const t = await openTestDb()
      try {
        const app = createApp({ db: t.db, config: { apiKey } })
        const alive = await app.request('/healthz')
        expect(alive.status).toBe(200)
        expect(await alive.json()).toEqual({ status: 'ok' })
        expect(alive.headers.get('Cache-Control')).toBe('no-store')
        const ready = await app.request('/readyz')
        expect(ready.status).toBe(200)
        expect(await ready.json()).toEqual({ status: 'ready' })
        expect(ready.headers.get('Cache-Control')).toBe('no-store')
        expect((await app.request('/readyz', { method: 'HEAD' })).status).toBe(200)
      } finally {
        await t.drop()
      }
    },
    startupTimeout,
  )

  it('is not ready (503) when the database fails, and logs why; alive all the same', async () => {
    const broken: Db = {
      query: () => Promise.reject(new Error('connection refused')),
      exec: () => Promise.reject(new Error('connection refused')),
      transaction: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
      listen: () => Promise.reject(new Error('connection refused')),
    }
    const logged = captureLog()
    const app = createApp({ db: broken, config: { apiKey }, log: logged.log })
    const res = await app.request('/readyz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'database unavailable' })
    expect(logged.problems()).toMatchObject([
      { level: 40, msg: 'not ready: the database does not answer', err: { message: 'connection refused' }, reqId: res.headers.get('X-Request-Id') },
    ])
    expect((await app.request('/healthz')).status).toBe(200)
  })

  it('is not ready when the database does not answer in time', async () => {
    const hanging: Db = {
      query: () => new Promise(() => {}),
      exec: async () => {},
      transaction: () => new Promise(() => {}),
      close: async () => {},
      listen: () => new Promise(() => {}),
    }
    const app = createApp({ db: hanging, config: { apiKey } })
    const started = Date.now()
    const res = await app.request('/readyz')
    expect(res.status).toBe(503)
    expect(Date.now() - started).toBeGreaterThanOrEqual(readinessTimeoutMs - 50)
  })

  it(
    'is not ready (503) once shutdown has begun, though the database still answers',
    async () => {
      const t = await openTestDb()
      try {
        let draining = false
        const app = createApp({ db: t.db, config: { apiKey }, readiness: { draining: () => draining } })
        expect((await app.request('/readyz')).status).toBe(200)
        draining = true
        const res = await app.request('/readyz')
        expect(res.status).toBe(503)
        expect(await res.json()).toEqual({ status: 'shutting down' })
        expect((await app.request('/healthz')).status).toBe(200)
      } finally {
        await t.drop()
      }
    },
    startupTimeout,
  )
})

describe('the request id', () => {
  const quiet: Db = { query: async () => [], exec: async () => {}, transaction: (fn) => fn(quiet), close: async () => {}, listen: async () => async () => {} }
  // Behind a proxy it trusts (a request handed to the app in the process has no peer: a hop count trusts it).
  const app = createApp({ db: quiet, config: { apiKey, trustProxy: 1 } })
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  it('keeps the id a trusted proxy sent when it is a short token, and answers with it', async () => {
    for (const id of ['3f2c9a1e-6b7d-4c55-9e0a-2d4b1c8e7f60', 'Root=1-5759e988-bd862e3fe1be46a994272793', 'req_01HZX.42:a/b+c']) {
      const res = await app.request('/healthz', { headers: { 'X-Request-Id': id } })
      expect(res.headers.get('X-Request-Id')).toBe(id)
    }
  })

  it('makes its own id whatever a client sent when no proxy is trusted, or the peer is not one of the trusted', async () => {
    for (const trustProxy of [false, 0, ['10.0.0.0/8']] as const) {
      const untrusting = createApp({ db: quiet, config: { apiKey, trustProxy } })
      const res = await untrusting.request('/healthz', { headers: { 'X-Request-Id': 'chosen-by-the-client' } })
      expect(res.headers.get('X-Request-Id'), JSON.stringify(trustProxy)).toMatch(uuid)
    }
  })

  it('makes a new one when none came, or when what came is too long or not a plain token', async () => {
    const ids = new Set<string>()
    for (const given of [undefined, '', 'x'.repeat(129), 'two words', 'a"b', 'line\tbreak', '<script>', 'id,id']) {
      const res = await app.request('/api/v2/bootstrap', { headers: { Key: apiKey, ...(given === undefined ? {} : { 'X-Request-Id': given }) } })
      const id = res.headers.get('X-Request-Id') ?? ''
      expect(id, String(given)).toMatch(uuid)
      ids.add(id)
    }
    expect(ids.size).toBe(8)
  })
})
