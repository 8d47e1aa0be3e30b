import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { BootstrapSchema } from '../../../src/domain/product.ts'
import { createApp, maxBodyBytes } from '../../../server/app.ts'
import type { Db } from '../../../server/db/types.ts'
import { catalogue } from '../../../server/seed/products.ts'
import { seed } from '../../../server/seed/seed.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

const apiKey = 'test-key'
const withKey = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { Key: apiKey, ...init.headers } })

describe('the /api surface', () => {
  let t: TestDb
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    app = createApp({ db: t.db, config: { apiKey } })
  }, startupTimeout)
  afterAll(() => t.drop())

  it('lists the active packages in catalogue order in the shape the client validates', async () => {
    await t.db.query('insert into products (id, name, plan, unit_price, speed, image, active, sort) values (99, $1, $2, 1, $3, $4, false, 0)', [
      'Retired',
      '4G Uncapped',
      'Up to 1Mbps',
      '/images/products/4g-10mbps.svg',
    ])
    const res = await app.request('/api/v2/bootstrap', withKey())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = v.parse(BootstrapSchema, await res.json())
    expect(body.products.map((p) => p.id)).toEqual(catalogue.map((p) => p.id))
    expect(body.products[0]).toEqual({
      id: 1,
      name: '4G Uncapped 10Mbps',
      plan: '4G Uncapped',
      unit_price: 299,
      speed: 'Up to 10Mbps',
      image: '/images/products/4g-10mbps.svg',
      texts: {
        xh: { name: '4G Uncapped 10Mbps', plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-10Mbps' },
        af: { name: '4G Uncapped 10Mbps', plan: '4G Onbeperk', speed: 'Tot 10Mbps' },
      },
    })
  })

  it('asks clients to revalidate the catalogue and answers 304 when their ETag still matches', async () => {
    const first = await app.request('/api/v2/bootstrap', withKey())
    const tag = first.headers.get('etag')
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(tag).toMatch(/^(W\/)?".+"$/)
    const again = await app.request('/api/v2/bootstrap', withKey({ headers: { 'If-None-Match': tag ?? '' } }))
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(await again.text()).toBe('')
  })

  it('gives a new ETag once the catalogue changes', async () => {
    const before = (await app.request('/api/v2/bootstrap', withKey())).headers.get('etag')
    // seed() is what writes products, and it tells the catalogue held in memory.
    await seed(
      t.db,
      catalogue.map((p) => (p.id === 2 ? { ...p, unit_price: p.unit_price + 1 } : p)),
    )
    const after = await app.request('/api/v2/bootstrap', withKey({ headers: { 'If-None-Match': before ?? '' } }))
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(before)
    const changed = v.parse(BootstrapSchema, await after.json()).products.find((p) => p.id === 2)
    expect(changed?.unit_price).toBe(catalogue[1]!.unit_price + 1)
    await seed(t.db)
  })

  it('serves the unchanged catalogue from memory, with no database query per request', async () => {
    let queries = 0
    const counted: Db = {
      ...t.db,
      query: (...args) => {
        queries++
        return t.db.query(...args)
      },
    }
    const counting = createApp({ db: counted, config: { apiKey } })
    const first = await counting.request('/api/v2/bootstrap', withKey())
    const afterFirst = queries
    for (let i = 0; i < 5; i++) expect((await counting.request('/api/v2/bootstrap', withKey())).headers.get('etag')).toBe(first.headers.get('etag'))
    expect(afterFirst).toBe(1)
    expect(queries).toBe(afterFirst)
  })

  it('refuses a request without the Key header with 401 JSON', async () => {
    const res = await app.request('/api/v2/bootstrap')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })

  it('refuses a request with the wrong Key with 401 JSON', async () => {
    for (const key of ['wrong', `${apiKey}x`, apiKey.slice(1), '']) {
      const res = await app.request('/api/v2/bootstrap', { headers: { Key: key } })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('refuses a body larger than the limit with 413 JSON', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(maxBodyBytes) })
    const res = await app.request('/api/v2/orders', withKey({ method: 'POST', body, headers: { 'Content-Type': 'application/json' } }))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })

  it('refuses an oversized body even when it arrives without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const req = new Request('http://localhost/api/v2/orders', {
      method: 'POST',
      body: stream,
      headers: { Key: apiKey, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      duplex: 'half',
    } as RequestInit)
    const res = await app.request(req)
    expect(res.status).toBe(413)
  })

  it('answers malformed JSON with 400 JSON', async () => {
    for (const body of ['{"products":', '{bad json}', 'undefined', '\u0000']) {
      const res = await app.request('/api/v2/bootstrap', withKey({ method: 'POST', body, headers: { 'Content-Type': 'application/json' } }))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('answers a body that is not JSON with 415 JSON', async () => {
    const res = await app.request(
      '/api/v2/bootstrap',
      withKey({ method: 'POST', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    )
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })

  it('answers an unknown /api route with 404 JSON', async () => {
    for (const [path, method] of [
      ['/api/v9/nothing', 'GET'],
      ['/api', 'GET'],
      ['/api/v2/bootstrap', 'DELETE'],
      ['/api/v2/users', 'GET'],
    ] as const) {
      const res = await app.request(path, withKey({ method }))
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(await res.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('never answers odd paths and headers with a 500', async () => {
    const paths = [
      '/api/%',
      '/api/%E0%A4%A',
      '/api/v2/bootstrap%00',
      '/api/../etc/passwd',
      '/api//v2//bootstrap',
      '/images/products/%2e%2e%2fseed.ts',
      '/images/products/',
    ]
    for (const path of paths) {
      const res = await app.request(path, withKey({ headers: { 'If-None-Match': '"', 'Accept-Encoding': '*' } }))
      expect(res.status, path).toBeLessThan(500)
    }
  })

  it('answers a failure inside a route with 500 JSON that leaks no internals', async () => {
    const broken: Db = {
      ...t.db,
      query: () => Promise.reject(new Error('connection to 10.0.0.5 refused at /srv/app/db.ts:42')),
    }
    const logged = captureLog()
    const res = await createApp({ db: broken, config: { apiKey }, log: logged.log }).request('/api/v2/bootstrap', withKey())
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error' })
    expect(text).not.toMatch(/10\.0\.0\.5|db\.ts|at /)
    // The operator, not the client, gets the cause, under the request's id and route.
    const [line] = logged.problems()
    expect(line).toMatchObject({
      level: 50,
      msg: 'request failed',
      route: '/api/v2/bootstrap',
      reqId: res.headers.get('X-Request-Id'),
      err: { message: expect.stringContaining('10.0.0.5') },
    })
  })

  it('serves package images without a key, as cacheable SVG', async () => {
    const res = await app.request(catalogue[0]?.image ?? '')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toMatch(/^<svg /)
  })

  it('answers an unknown image with 404 JSON', async () => {
    const res = await app.request('/images/products/6g-ultra.svg')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: expect.any(String) })
  })
})
