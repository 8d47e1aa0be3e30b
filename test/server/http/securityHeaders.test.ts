import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import type { AppOptions } from '../../../server/app.ts'
import type { Db } from '../../../server/db/types.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { accountsApp, call, password, signUp, useAccountsApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'

// Pages and refusals need no database; any touch of it would be a bug in routing.
const noDb: Db = {
  query: () => Promise.reject(new Error('no database in this test')),
  exec: () => Promise.reject(new Error('no database in this test')),
  transaction: () => Promise.reject(new Error('no database in this test')),
  close: () => Promise.resolve(),
  listen: () => Promise.reject(new Error('no database in this test')),
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

  it('asks for HTTPS on every page when PUBLIC_URL is https, whatever scheme a proxy forwarded or none', async () => {
    const app = appWith({ publicUrl: 'https://shop.example.co.za' })
    for (const [trustProxy, proto] of [
      [true, 'http'],
      [false, 'http'],
      [false, undefined],
    ] as const) {
      const res = await appWith({ publicUrl: 'https://shop.example.co.za', trustProxy }).request('http://shop.example/', {
        headers: proto ? { 'X-Forwarded-Proto': proto } : {},
      })
      expect(res.headers.get('strict-transport-security'), `${trustProxy} ${proto}`).toBe('max-age=31536000')
    }
    expect((await app.request('/orders/42')).headers.get('strict-transport-security')).toBe('max-age=31536000')
    expect((await appWith({ publicUrl: 'http://localhost:8080' }).request('http://localhost:8080/')).headers.get('strict-transport-security')).toBeNull()
  })

  it('allows the real card provider host only when one is configured', async () => {
    const payments = { kind: 'provider', baseUrl: 'https://eu-test.oppwa.com', entityId: 'entity', accessToken: 'token' } as const
    const policy = (await appWith({ payments }).request('/')).headers.get('content-security-policy')
    for (const name of ['script-src', 'style-src', 'img-src', 'connect-src', 'frame-src', 'form-action'])
      expect(directive(policy, name), name).toContain('https://eu-test.oppwa.com')
    expect(directive(policy, 'frame-src')).toEqual(['https://eu-test.oppwa.com'])
    expect(sandboxPolicy).not.toContain('https://')
  })

  it("allows Google Pay and Google Places hosts only when the deployment's settings load them", async () => {
    const wallet = { merchantId: 'm', merchantName: 'Shop', gatewayMerchantId: 'g' }
    const pay = (await appWith({ googlePay: { environment: 'PRODUCTION', ...wallet } }).request('/')).headers
    const payPolicy = pay.get('content-security-policy')
    expect(directive(payPolicy, 'script-src')).toEqual(["'self'", 'https://pay.google.com'])
    expect(directive(payPolicy, 'frame-src')).toEqual(['https://pay.google.com'])
    expect(payPolicy).not.toContain('maps.googleapis.com')
    expect(pay.get('permissions-policy')).toContain('payment=(self "https://pay.google.com")')

    // The sandbox wallet is this origin's own.
    expect((await appWith({ googlePay: { environment: 'SANDBOX', ...wallet } }).request('/')).headers.get('content-security-policy')).not.toContain('google')

    const placesPolicy = (await appWith({ googlePay: null, googleMapsKey: 'browser-key' }).request('/')).headers.get('content-security-policy')
    expect(directive(placesPolicy, 'script-src')).toEqual(["'self'", 'https://maps.googleapis.com'])
    expect(directive(placesPolicy, 'connect-src')).toContain('https://places.googleapis.com')
    expect(directive(placesPolicy, 'frame-src')).toEqual(["'none'"])
    expect(placesPolicy).not.toContain('pay.google.com')
  })

  it('lets the page fetch translations from the configured I18N_HOST, and nothing more from it', async () => {
    const policy = (await appWith({ i18nHost: 'https://cdn.example.co.za' }).request('/')).headers.get('content-security-policy')
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://cdn.example.co.za'])
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
  })
})

describe('an https PUBLIC_URL behind a proxy that forwards http, and a proxy nobody declared', () => {
  const env = useAccountsApp()

  it('marks the session cookie Secure when PUBLIC_URL is https, whatever scheme the proxy forwarded', async () => {
    const { email } = await signUp(env.app)
    const app = accountsApp(env.t.db, { publicUrl: 'https://shop.example.co.za' })
    const login = (headers: Record<string, string>) =>
      app.request('http://shop.example/api/auth/login', {
        ...call('POST', { email, password }),
        headers: { ...(call('POST', {}).headers as Record<string, string>), 'X-Forwarded-For': '203.0.113.9', ...headers },
      })
    for (const headers of [{ 'X-Forwarded-Proto': 'http' }, {}]) {
      const res = await login(headers)
      expect(res.status).toBe(200)
      const cookies = res.headers.getSetCookie()
      expect(cookies.find((c) => c.startsWith('sid='))).toMatch(/; Secure/)
      expect(cookies.find((c) => c.startsWith('signed_in='))).toMatch(/; Secure/)
    }
    // Without PUBLIC_URL the proxy's word still decides.
    const plain = await env.app.request('/api/auth/login', call('POST', { email, password }, { from: '203.0.113.10' }))
    expect(plain.headers.getSetCookie().join('\n')).not.toMatch(/Secure/)
  })

  it('logs once that X-Forwarded-* headers arrive while TRUST_PROXY is off, and never when it is on', async () => {
    const off = captureLog('info')
    const app = accountsApp(env.t.db, { trustProxy: false }, off.log)
    await app.request('/api/v2/bootstrap', call('GET'))
    expect(off.problems()).toEqual([])
    for (const headers of [{ 'X-Forwarded-For': '203.0.113.7' }, { 'X-Forwarded-Proto': 'https' }, { 'X-Forwarded-Host': 'shop.example' }])
      await app.request('/api/v2/bootstrap', { headers: { ...(call('GET').headers as Record<string, string>), ...headers } })
    const warnings = off.problems()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ level: 40, headers: ['X-Forwarded-For'] })
    expect(warnings[0]!.msg).toMatch(/X-Forwarded-\* headers but TRUST_PROXY is off.*misconfiguration/)

    const on = captureLog('info')
    const trusted = accountsApp(env.t.db, { trustProxy: 1 }, on.log)
    await trusted.request('/api/v2/bootstrap', { headers: { ...(call('GET').headers as Record<string, string>), 'X-Forwarded-For': '203.0.113.7' } })
    expect(on.problems()).toEqual([])
  })
})
