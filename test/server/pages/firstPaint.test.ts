import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { injectPage } from '../../../server/pages/firstPaint.ts'
import { seed } from '../../../server/seed/seed.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { openTestDb, startupTimeout, type TestDb } from '../helpers/testDb.ts'

// The build's index.html as the renderer's template sees it: the root holds the boot placeholder.
const template =
  '<!doctype html><html lang="en"><head><title>Storefront</title><script type="module" src="/assets/index-AbC123.js"></script>' +
  '<link rel="modulepreload" href="/assets/vendor-1.js"><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"><div id="boot"></div></div></body></html>'

// A stand-in for the SSR build of src/entry-server.tsx: renders what it is given, so each test sees what the
// server passed (the real renderer is exercised end to end in test/e2e/firstPaint.test.ts).
const renderer = `
export let calls = 0
export async function renderPage(path, bootstrapJson, locale = 'en', messages) {
  calls++
  globalThis.firstPaintCalls = (globalThis.firstPaintCalls ?? 0) + 1
  if (path === '/cart' && globalThis.failCart) throw new Error('renderer fault')
  const { products } = JSON.parse(bootstrapJson)
  const cards = products.map((p, i) => '<article><img src="' + p.image + '"' + (i < 2 ? ' fetchPriority="high"' : '') + '><h2>' + p.name + '</h2></article>').join('')
  return {
    html: '<main data-path="' + path + '" data-locale="' + locale + '" data-translated="' + Boolean(messages) + '">' + cards + '</main>',
    css: '.go1{color:red}',
    title: 'Page of ' + path,
    data: '<script type="application/json" id="first-paint">' + bootstrapJson.replace(/</g, '\\\\u003c') + '</script>',
  }
}
`

describe('first pages rendered by the server', () => {
  const dist = makeFakeDist()
  let t: TestDb
  let app: ReturnType<typeof createApp>
  const logged = captureLog()
  const calls = () => (globalThis as { firstPaintCalls?: number }).firstPaintCalls ?? 0

  beforeAll(async () => {
    writeFileSync(join(dist.dir, 'index.html'), template)
    mkdirSync(join(dist.dir, '.server'), { recursive: true })
    writeFileSync(join(dist.dir, '.server', 'entry-server.js'), renderer)
    mkdirSync(join(dist.dir, '.vite'), { recursive: true })
    writeFileSync(
      join(dist.dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-AbC123.js', imports: ['_vendor-1.js'] },
        '_vendor-1.js': { file: 'assets/vendor-1.js' },
        'src/main.tsx': { file: 'assets/main-1.js', imports: ['_vendor-1.js'] },
        '_store-1.js': { file: 'assets/store-1.js', imports: ['_vendor-1.js'] },
        'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-1.js', imports: ['_store-1.js', 'index.html'] },
        'src/routes/cart.tsx?tsr-split=component': { file: 'assets/cart-1.js', imports: ['index.html'] },
      }),
    )
    for (const locale of ['af', 'xh']) writeFileSync(join(dist.dir, 'i18n', `${locale}.json`), JSON.stringify({ messages: { x: 'y' } }))
    t = await openTestDb()
    await seed(t.db)
    app = createApp({ db: t.db, config: { apiKey: 'k' }, distDir: dist.dir, log: logged.log })
  }, startupTimeout)
  afterAll(async () => {
    dist.remove()
    await t.drop()
  })

  it("sends / with the live catalogue rendered in #root, its styles, its data block and preloads for its route's chunks and first images", async () => {
    const res = await app.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('vary')).toContain('Cookie')
    const html = await res.text()
    expect(html).toContain('<main data-path="/" data-locale="en" data-translated="false">')
    expect(html).toContain('<h2>4G Uncapped 10Mbps</h2>')
    expect(html).not.toContain('<div id="boot">')
    expect(html).toContain('<style id="_goober">.go1{color:red}</style>')
    expect(html).toMatch(/<script type="application\/json" id="first-paint">\{"products":\[\{"id":1,/)
    // The route's own chunks; not the app's, which the entry fetches after the first frame, nor those index.html preloads.
    expect(html).not.toContain('/assets/main-1.js')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/routes-1.js">')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/store-1.js">')
    expect(html.match(/vendor-1\.js/g)).toHaveLength(1)
    // The two first-row images, ahead of the scripts.
    const preloads = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1])
    expect(preloads).toEqual(['/images/products/4g-10mbps.svg', '/images/products/4g-20mbps.svg'])
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<script'))
  })

  it('renders a page once per catalogue, language and build, and answers 304 while the browser has it', async () => {
    await app.request('/')
    const before = calls()
    const again = await app.request('/')
    expect(calls()).toBe(before)
    const tag = again.headers.get('etag') ?? ''
    const revalidated = await app.request('/', { headers: { 'If-None-Match': tag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('vary')).toContain('Cookie')
  })

  it('tells the page when it was sent (Server-Timing), though the page itself was rendered earlier, and the shell nothing', async () => {
    const before = Date.now() - 1000
    await app.request('/')
    const again = await app.request('/')
    const sent = /^sent;desc="([^"]+)"$/.exec(again.headers.get('server-timing') ?? '')?.[1]
    expect(Date.parse(sent ?? '')).toBeGreaterThanOrEqual(before)
    expect(Date.parse(sent ?? '')).toBeLessThanOrEqual(Date.now())
    expect((await app.request('/orders')).headers.get('server-timing')).toBeNull()
  })

  it('renders in the language the browser remembers (lang cookie), with that catalogue; an unknown one gets English', async () => {
    const af = await (await app.request('/', { headers: { Cookie: 'lang=af' } })).text()
    expect(af).toContain('<html lang="af"')
    expect(af).toContain('data-locale="af" data-translated="true"')
    const unknown = await (await app.request('/', { headers: { Cookie: 'lang=<script>' } })).text()
    expect(unknown).toContain('<html lang="en"')
    expect(unknown).toContain('data-locale="en"')
  })

  it('renders /cart, and serves other app routes (and index.html itself) as the plain app shell', async () => {
    expect(await (await app.request('/cart')).text()).toContain('<main data-path="/cart"')
    for (const path of ['/orders', '/login', '/index.html']) {
      const html = await (await app.request(path)).text()
      expect(html, path).toContain('<div id="root"><div id="boot"></div></div>')
      expect(html, path).not.toContain('first-paint')
    }
  })

  it('falls back to the app shell when rendering fails, and tries again on the next request', async () => {
    const g = globalThis as { failCart?: boolean }
    g.failCart = true
    logged.clear()
    try {
      const res = await app.request('/cart', { headers: { Cookie: 'lang=xh' } })
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<div id="boot"></div>')
      expect(logged.problems().map((e) => e.msg)).toEqual(['first page render failed; sending the app shell'])
    } finally {
      g.failCart = false
    }
    expect(await (await app.request('/cart', { headers: { Cookie: 'lang=xh' } })).text()).toContain('data-path="/cart" data-locale="xh"')
  })
})

describe('putting a rendered page into index.html', () => {
  it('keeps a product name that looks like markup from closing the style or the data block early', () => {
    const page = injectPage(template, { html: '<p>x</p>', css: 'a{}</style><script>alert(1)</script>', data: '', title: 'Cart', locale: 'en', preloads: '' })
    expect(page).toContain('a{}<\\/style><script>alert(1)<\\/script></style>')
    expect(page.match(/<\/style>/g)).toHaveLength(1)
  })

  it("links the manifest of the page's language (its description is translated)", () => {
    for (const [locale, href] of [
      ['en', '/manifest.webmanifest'],
      ['af', '/manifest.af.webmanifest'],
      ['xh', '/manifest.xh.webmanifest'],
    ] as const) {
      const page = injectPage(template, { html: '', css: '', data: '', title: 'Cart', locale, preloads: '' })
      expect(page).toContain(`<link rel="manifest" href="${href}">`)
      expect(page.match(/rel="manifest"/g)).toHaveLength(1)
    }
  })

  it('preloads the first cards’ pictures at the size the page will pick: an uploaded one by its srcset', () => {
    const hash = '0a'.repeat(16)
    const html = [
      '<img src="/images/products/5g-pro.svg" alt="" fetchpriority="high">',
      `<img src="/images/catalogue/${hash}-320.jpg" srcset="/images/catalogue/${hash}-320.jpg 320w, /images/catalogue/${hash}-640.jpg 640w" sizes="(max-width: 519px) 112px, 320px" alt="" fetchpriority="high">`,
      '<img src="/images/products/later.svg" alt="" loading="lazy">',
    ].join('')
    const page = injectPage(template, { html, css: '', data: '', title: 'Home', locale: 'en', preloads: '' })
    expect(page.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
      '<link rel="preload" as="image" href="/images/products/5g-pro.svg" fetchpriority="high">',
      `<link rel="preload" as="image" href="/images/catalogue/${hash}-320.jpg" imagesrcset="/images/catalogue/${hash}-320.jpg 320w, /images/catalogue/${hash}-640.jpg 640w" imagesizes="(max-width: 519px) 112px, 320px" fetchpriority="high">`,
    ])
  })

  it("names the page in its <title>, escaped, in place of the template's", () => {
    const page = injectPage(template, { html: '', css: '', data: '', title: 'Inqwelo · Seed <Storefront>', locale: 'xh', preloads: '' })
    expect(page).toContain('<title>Inqwelo · Seed &lt;Storefront&gt;</title>')
    expect(page.match(/<title>/g)).toHaveLength(1)
  })

  it('refuses a template that lost its root placeholder (a build mistake) instead of sending a page without the app', () => {
    expect(() =>
      injectPage('<html lang="en"><head></head><body></body></html>', { html: '', css: '', data: '', title: '', locale: 'en', preloads: '' }),
    ).toThrow(/root/)
  })
})
