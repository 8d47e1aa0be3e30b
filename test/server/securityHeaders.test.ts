import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import type { AppOptions } from '../../server/app.ts'
import type { Db } from '../../server/db/types.ts'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeFakeDist } from './support/fakeDist.ts'
import { inlineScriptsOf } from '../../server/http/securityHeaders.ts'
import { FIRST_TAPS_TAG, inlineFirstTaps, scriptText } from '../../src/app/firstTapsPlugin.ts'

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
  const found = (policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)
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
    for (const [path, key] of [['/api/v2/bootstrap', undefined], ['/api/v2/nowhere', 'k']] as const) {
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
    const res = await appWith().request('/sandbox/payments/v1/threeDSecure/unknown-checkout-1')
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

  it("allows exactly the page's own inline scripts, each by its hash, and no other inline script", async () => {
    const listener = 'document.addEventListener("click", () => {}, true)'
    const template = readFileSync(join(dist.dir, 'index.html'), 'utf8')
    writeFileSync(
      join(dist.dir, 'index.html'),
      template.replace('<title>', `<script>${listener}</script><script type="application/json" id="first-paint">{"products":[]}</script><title>`),
    )
    try {
      const policy = (await appWith().request('/orders/42', { headers: { Accept: 'text/html' } })).headers.get('content-security-policy')
      const hash = `'sha256-${createHash('sha256').update(listener).digest('base64')}'`
      expect(directive(policy, 'script-src')).toEqual(["'self'", hash])
      expect(policy?.replace(` ${hash}`, '')).toBe(sandboxPolicy)
    } finally {
      writeFileSync(join(dist.dir, 'index.html'), template)
    }
    // Back to a page without one: back to 'self' only.
    expect(directive((await appWith().request('/')).headers.get('content-security-policy'), 'script-src')).toEqual(["'self'"])
  })
})

describe('the first-taps listener in the page', () => {
  it('is read as the one inline script of a page, the data blocks and script files left out', () => {
    const html = '<head><script>a()</script><script src="/x.js"></script><script type="module">b()</script><script type="application/json">{}</script></head>'
    expect(inlineScriptsOf(html)).toEqual(['a()', 'b()'])
  })

  it('is written inline into index.html by the build, its documentation comment left in the source', async () => {
    const plugin = inlineFirstTaps()
    const transform = plugin.transformIndexHtml as { handler: (html: string) => Promise<string> }
    const html = await transform.handler(`<head>${FIRST_TAPS_TAG}</head>`)
    const source = readFileSync(new URL('../../src/app/first-taps.js', import.meta.url), 'utf8')
    expect(inlineScriptsOf(html)).toEqual([scriptText(source)])
    expect(scriptText(source)).toMatch(/^document\.addEventListener\(/)
    // The real index.html names it; a template that lost the tag fails the build rather than drop the listener.
    expect(readFileSync(new URL('../../index.html', import.meta.url), 'utf8')).toContain(FIRST_TAPS_TAG)
    await expect(transform.handler('<head></head>')).rejects.toThrow(/lost/)
  })
})
