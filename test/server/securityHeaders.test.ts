import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import type { AppOptions } from '../../server/app.ts'
import type { Db } from '../../server/db/types.ts'
import { makeFakeDist } from './support/fakeDist.ts'

// Pages and refusals need no database; any touch of it would be a bug in routing.
const noDb: Db = {
  query: () => Promise.reject(new Error('no database in this test')),
  exec: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: () => Promise.resolve(),
}

const sandboxPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'none'",
  "form-action 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

/** The sources one directive of a policy allows. */
function directive(policy: string | null, name: string): string[] {
  const found = (policy ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
  return found?.slice(1) ?? []
}

describe('the security headers of the app pages', () => {
  const dist = makeFakeDist()
  afterAll(() => dist.remove())
  const appWith = (config: Partial<AppOptions['config']> = {}) => createApp({ db: noDb, config: { apiKey: 'k', ...config }, distDir: dist.dir })

  it('gives / and a deep link the page policy: own origin only with the sandboxes, never framed', async () => {
    const app = appWith()
    for (const path of ['/', '/orders/42', '/payment_widget/8AC7A4A1.sandbox01']) {
      const res = await app.request(path, { headers: { Accept: 'text/html' } })
      expect(res.headers.get('content-type'), path).toContain('text/html')
      expect(res.headers.get('content-security-policy'), path).toBe(sandboxPolicy)
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('permissions-policy'), path).toBe('camera=(), microphone=(), geolocation=(), usb=(), payment=(self)')
    }
  })

  it('repeats the headers on a 304, so a revalidated page keeps the current policy', async () => {
    const app = appWith()
    const first = await app.request('/')
    const again = await app.request('/', { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } })
    expect(again.status).toBe(304)
    expect(again.headers.get('content-security-policy')).toBe(sandboxPolicy)
  })

  it('leaves JSON answers and scripts without the page headers', async () => {
    const app = appWith()
    for (const [path, key] of [
      ['/api/v2/bootstrap', undefined],
      ['/api/v2/nowhere', 'k'],
    ] as const) {
      const res = await app.request(path, key ? { headers: { Key: key } } : {})
      expect(res.headers.get('content-type'), path).toContain('application/json')
      expect(res.headers.get('content-security-policy'), path).toBeNull()
      expect(res.headers.get('strict-transport-security'), path).toBeNull()
    }
    // A policy on sw.js would become the service worker's own policy.
    for (const path of ['/assets/index-AbC123.js', '/sw.js']) {
      expect((await app.request(path)).headers.get('content-security-policy'), path).toBeNull()
    }
  })

  it('keeps the stricter policy of the sandbox bank pages', async () => {
    // The bank page looks its checkout up: here in a database that holds none.
    const empty: Db = { ...noDb, query: () => Promise.resolve([]) }
    const app = createApp({ db: empty, config: { apiKey: 'k' }, distDir: dist.dir })
    const res = await app.request('/sandbox/payments/v1/threeDSecure/unknown-checkout-1')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/)
  })

  it('asks for HTTPS only over https, and believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const hsts = async (app: ReturnType<typeof appWith>, url: string, headers: Record<string, string> = {}) =>
      (await app.request(url, { headers })).headers.get('strict-transport-security')
    expect(await hsts(appWith(), 'http://shop.example/')).toBeNull()
    expect(await hsts(appWith(), 'https://shop.example/')).toBe('max-age=31536000')
    expect(await hsts(appWith({ trustProxy: true }), 'http://shop.example/', { 'X-Forwarded-Proto': 'https' })).toBe('max-age=31536000')
    expect(await hsts(appWith({ trustProxy: true }), 'http://shop.example/', { 'X-Forwarded-Proto': 'http' })).toBeNull()
    expect(await hsts(appWith({ trustProxy: false }), 'http://shop.example/', { 'X-Forwarded-Proto': 'https' })).toBeNull()
  })

  it('allows the real card provider host only when one is configured', async () => {
    const payments = { kind: 'provider', baseUrl: 'https://eu-test.oppwa.com', entityId: 'entity', accessToken: 'token' } as const
    const policy = (await appWith({ payments }).request('/')).headers.get('content-security-policy')
    for (const name of ['script-src', 'style-src', 'img-src', 'connect-src', 'frame-src', 'form-action'])
      expect(directive(policy, name), name).toContain('https://eu-test.oppwa.com')
    expect(directive(policy, 'frame-src')).toEqual(['https://eu-test.oppwa.com'])
    expect(sandboxPolicy).not.toContain('https://')
  })

  it('allows Google Pay and Google Places hosts only when the client was built to load them', async () => {
    const pay = (await appWith({ clientBuild: { googlePay: true, googlePlaces: false } }).request('/')).headers
    const payPolicy = pay.get('content-security-policy')
    expect(directive(payPolicy, 'script-src')).toEqual(["'self'", 'https://pay.google.com'])
    expect(directive(payPolicy, 'frame-src')).toEqual(['https://pay.google.com'])
    expect(payPolicy).not.toContain('maps.googleapis.com')
    expect(pay.get('permissions-policy')).toContain('payment=(self "https://pay.google.com")')

    const placesPolicy = (await appWith({ clientBuild: { googlePay: false, googlePlaces: true } }).request('/')).headers.get('content-security-policy')
    expect(directive(placesPolicy, 'script-src')).toEqual(["'self'", 'https://maps.googleapis.com'])
    expect(directive(placesPolicy, 'connect-src')).toContain('https://places.googleapis.com')
    expect(directive(placesPolicy, 'frame-src')).toEqual(["'none'"])
    expect(placesPolicy).not.toContain('pay.google.com')
  })

  it('lets the page fetch translations from the configured VITE_I18N_HOST, and nothing more from it', async () => {
    const clientBuild = { googlePay: false, googlePlaces: false, i18nOrigin: 'https://cdn.example.co.za' }
    const policy = (await appWith({ clientBuild }).request('/')).headers.get('content-security-policy')
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://cdn.example.co.za'])
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
  })
})
