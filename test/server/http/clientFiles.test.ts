import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import type { Db } from '../../../server/db/types.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'

// Serving the build's own files needs no database; a hashed file the build lacks is looked up among other releases'
// (test/server/http/clientAssets.test.ts), and with no database to ask it is not found.
const noDb: Db = {
  query: () => Promise.reject(new Error('no database in this test')),
  exec: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: () => Promise.resolve(),
  listen: () => Promise.reject(new Error('no database in this test')),
}

describe('serving the built client', () => {
  const dist = makeFakeDist()
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    app = createApp({ db: noDb, config: { apiKey: 'k' }, distDir: dist.dir })
  })
  afterAll(() => dist.remove())

  it('serves index.html at / with revalidation instead of a cache lifetime', async () => {
    const res = await app.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('etag')).toBeTruthy()
    expect(await res.text()).toContain('<div id="root">')
  })

  it('caches hashed assets for a year as immutable, with the right content type', async () => {
    const js = await app.request('/assets/index-AbC123.js')
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const css = await app.request('/assets/index-AbC123.css')
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('makes the service worker, the manifest and the translations revalidate every time', async () => {
    const expected = { '/sw.js': 'text/javascript', '/manifest.webmanifest': 'application/manifest+json', '/i18n/en.json': 'application/json' }
    for (const [path, type] of Object.entries(expected)) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toContain(type)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it('answers a translation request with 304 while its ETag matches', async () => {
    const first = await app.request('/i18n/en.json')
    const tag = first.headers.get('etag') ?? ''
    const again = await app.request('/i18n/en.json', { headers: { 'If-None-Match': tag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(again.headers.get('cache-control')).toBe('no-cache')
    expect(await again.text()).toBe('')
  })

  it('sends compressed bytes to browsers that accept them', async () => {
    const br = await app.request('/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    const gzip = await app.request('/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(Number(gzip.headers.get('content-length'))).toBeLessThan(4000)
  })

  it('answers client-side routes with index.html so a deep link or reload works', async () => {
    // A provider's checkout id carries a dot, yet the widget and result pages are routes, not files.
    for (const path of [
      '/cart',
      '/orders/42',
      '/payment/7/',
      '/service/3',
      '/payment_status/8AC7A4A1.uat01-vm-tx04?id=8AC7A4A1.uat01-vm-tx04',
      '/payment_widget/8AC7A4A1.sandbox01',
    ]) {
      const res = await app.request(path, { headers: { Accept: 'text/html' } })
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<div id="root">')
    }
  })

  it('answers a missing file with 404 instead of the page', async () => {
    const res = await app.request('/assets/index-Gone99.js')
    expect(res.status).toBe(404)
  })

  it('keeps /api and /images out of the page fallback', async () => {
    expect((await app.request('/api/v2/nothing', { headers: { Key: 'k' } })).status).toBe(404)
    expect((await app.request('/images/products/none.svg')).status).toBe(404)
    expect((await app.request('/images/logo')).headers.get('content-type')).toMatch(/json/)
  })

  it('never serves files outside the build or hidden ones', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/etc/passwd', '/.build-stamp', '/%00']) {
      const res = await app.request(path)
      expect(res.status, path).toBeLessThan(500)
      expect(await res.text(), path).not.toMatch(/secret|"dependencies"|root:/)
    }
  })

  it('answers HEAD with headers and no body', async () => {
    const res = await app.request('/assets/index-AbC123.css', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('14')
    expect(await res.text()).toBe('')
  })

  it('answers /staff and every route under it with the staff app, kept by no cache, under its own page policy', async () => {
    for (const path of ['/staff', '/staff/', '/staff/sign-in', '/staff/orders/1042', '/staff/invite/abc_DEF-123?x=1']) {
      const res = await app.request(path, { headers: { Accept: 'text/html' } })
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<div id="staff-root">')
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy, path).toContain("worker-src 'none'")
      expect(policy, path).toContain("frame-ancestors 'none'")
      expect(res.headers.get('permissions-policy'), path).toContain('publickey-credentials-get=(self)')
    }
  })

  it("never answers a staff route with the customer's page or settings, nor the staff page as a file", async () => {
    for (const path of ['/staff/index.html', '/staff/missing.js']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).not.toContain('<div id="root">')
    }
    // A route that only begins like the staff app's is the storefront's.
    expect(await (await app.request('/staffing')).text()).toContain('<div id="root">')
  })
})

describe('serving a build without the staff app', () => {
  const dist = makeFakeDist()
  afterAll(() => dist.remove())

  it("answers /staff with 404, never the customer's page", async () => {
    rmSync(join(dist.dir, 'staff'), { recursive: true })
    const app = createApp({ db: noDb, config: { apiKey: 'k' }, distDir: dist.dir })
    const res = await app.request('/staff/team', { headers: { Accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('<div id="root">')
  })
})
