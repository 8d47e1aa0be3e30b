import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { loadConfig } from '../../../server/config.ts'
import type { Db } from '../../../server/db/types.ts'
import { brandFromHtml } from '../../../src/domain/brand.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { brandIconFile } from '../helpers/productionEnv.ts'

const noDb = {} as Db

// The build's files the brand changes, as Vite and vite-plugin-pwa write them (the worker's precache list injected).
const built: Record<string, string> = {
  'index.html':
    '<!doctype html><html lang="en"><head><meta name="theme-color" content="#0b4f9c" /><title>Storefront</title><link rel="icon" href="/favicon.svg" type="image/svg+xml" /></head><body><div id="root"><div id="boot"></div></div></body></html>',
  'manifest.webmanifest': JSON.stringify({
    name: 'Storefront',
    short_name: 'Storefront',
    theme_color: '#0b4f9c',
    lang: 'en',
    icons: [{ src: '/icons/icon-192.png' }],
  }),
  'manifest.xh.webmanifest': JSON.stringify({ name: 'Storefront', short_name: 'Storefront', theme_color: '#0b4f9c', lang: 'xh', description: 'Iipakethe' }),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  'sw.js':
    'import{a as e}from"./x.js";e([{"revision":"aaaa","url":"manifest.xh.webmanifest"},{"revision":"bbbb","url":"manifest.webmanifest"},{"revision":"cccc","url":"index.html"},{"revision":"dddd","url":"first-taps.js"},{"revision":"eeee","url":"favicon.svg"},{"revision":"ffff","url":"icons/icon-192.png"},{"revision":"1111","url":"icons/shortcut-sims.png"},{"revision":null,"url":"assets/index-AbC123.js"}]);',
}

/** The precache entries of a served worker, by URL. */
const precache = (worker: string) =>
  Object.fromEntries([...worker.matchAll(/\{"revision":(null|"[^"]*"),"url":"([^"]+)"\}/g)].map(([, revision, url]) => [url, JSON.parse(revision ?? 'null')]))

/** A PNG's width and height, from its header. */
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  return [view.getUint32(16), view.getUint32(20)]
}

describe("the reseller's brand in what the server serves", () => {
  const dist = makeFakeDist()
  const logo = join(dist.dir, '..', `${dist.dir.split('/').pop()}-logo.svg`)
  const env = {
    SHOP_NAME: 'Acme Mobile',
    SHOP_SHORT_NAME: 'Acme',
    SHOP_THEME_COLOUR: '#b3261e',
    SHOP_ICON: brandIconFile,
    SHOP_LOGO: logo,
    SHOP_FOOTER: 'Acme Holdings',
    SUPPORT_PHONE: '+27 21 555 0100',
  }
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    for (const [path, body] of Object.entries(built)) {
      mkdirSync(dirname(join(dist.dir, path)), { recursive: true })
      writeFileSync(join(dist.dir, path), body)
    }
    writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><text>Acme</text></svg>')
    app = createApp({ db: noDb, config: { apiKey: 'k', brand: loadConfig(env).brand }, distDir: dist.dir })
  })
  afterAll(() => dist.remove())

  const text = async (path: string) => {
    const res = await app.request(path)
    expect(res.status, path).toBe(200)
    return res.text()
  }

  it('writes the name, theme colour and brand into every page, the back office included', async () => {
    for (const path of ['/', '/cart', '/services']) {
      const html = await text(path)
      expect(html).toContain('<title>Acme Mobile</title>')
      expect(html).toContain('<meta name="theme-color" content="#b3261e" />')
      expect(html).toContain('<style>:root{--brand:#b3261e;--brand-dark:#861d17}</style>')
      expect(brandFromHtml(html)).toEqual({
        name: 'Acme Mobile',
        shortName: 'Acme',
        themeColour: '#b3261e',
        themeColourDark: '#861d17',
        footer: 'Acme Holdings',
        supportPhone: '+27 21 555 0100',
        logo: '/brand/logo.svg',
      })
      expect(html).not.toMatch(/seed/i)
    }
    const staff = await text('/staff/team')
    expect(staff).toContain('<title>Acme Mobile back office</title>')
    expect(brandFromHtml(staff)?.name).toBe('Acme Mobile')
    expect(staff).not.toContain('storefront-settings')
    expect(staff).not.toMatch(/seed/i)
  })

  it("serves the manifests with the shop's name, short name and theme colour, the rest as built", async () => {
    const en = JSON.parse(await text('/manifest.webmanifest'))
    expect(en).toEqual({ name: 'Acme Mobile', short_name: 'Acme', theme_color: '#b3261e', lang: 'en', icons: [{ src: '/icons/icon-192.png' }] })
    const xh = JSON.parse(await text('/manifest.xh.webmanifest'))
    expect(xh).toMatchObject({ name: 'Acme Mobile', short_name: 'Acme', theme_color: '#b3261e', lang: 'xh', description: 'Iipakethe' })
    const res = await app.request('/manifest.webmanifest')
    expect(res.headers.get('content-type')).toContain('application/manifest+json')
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('serves the icons made from SHOP_ICON at their sizes, the favicon and the logo', async () => {
    for (const [path, pixels] of [
      ['/icons/icon-192.png', 192],
      ['/icons/icon-512.png', 512],
      ['/icons/maskable-512.png', 512],
      ['/icons/apple-touch-icon.png', 180],
    ] as const) {
      const res = await app.request(path)
      expect(res.headers.get('content-type'), path).toBe('image/png')
      expect(pngSize(new Uint8Array(await res.arrayBuffer())), path).toEqual([pixels, pixels])
      const again = await app.request(path, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })
      expect(again.status, path).toBe(304)
    }
    const favicon = await text('/favicon.svg')
    expect(favicon).toMatch(/^<svg [^>]*><title>Acme Mobile<\/title><image width="64" height="64" href="data:image\/png;base64,[A-Za-z0-9+/=]+"\/><\/svg>$/)
    expect(await text('/brand/logo.svg')).toContain('<text>Acme</text>')
  })

  it('makes the worker fetch again the files the brand changes, and only those, when the brand changes', async () => {
    const served = precache(await text('/sw.js'))
    const buildEntries = precache(built['sw.js']!)
    for (const url of ['index.html', 'manifest.webmanifest', 'manifest.xh.webmanifest', 'favicon.svg', 'icons/icon-192.png'])
      expect(served[url], url).not.toBe(buildEntries[url])
    for (const url of ['first-taps.js', 'icons/shortcut-sims.png', 'assets/index-AbC123.js']) expect(served[url], url).toBe(buildEntries[url])
    expect(served['brand/logo.svg']).toMatch(/^[0-9a-f]{32}$/)

    const recoloured = createApp({ db: noDb, config: { apiKey: 'k', brand: loadConfig({ ...env, SHOP_THEME_COLOUR: '#1d5c2e' }).brand }, distDir: dist.dir })
    const next = precache(await (await recoloured.request('/sw.js')).text())
    for (const url of ['index.html', 'manifest.webmanifest', 'favicon.svg']) expect(next[url], url).not.toBe(served[url])
    expect(next['assets/index-AbC123.js']).toBe(served['assets/index-AbC123.js'])
    expect(next['brand/logo.svg']).toBe(served['brand/logo.svg'])
    // The same brand on another instance: the same worker, so instances behind one address never disagree.
    const twin = createApp({ db: noDb, config: { apiKey: 'k', brand: loadConfig(env).brand }, distDir: dist.dir })
    expect(await (await twin.request('/sw.js')).text()).toBe(await text('/sw.js'))
  })

  it('serves the worker of the build on disk, a new build at once, each entry once', async () => {
    const worker = join(dist.dir, 'sw.js')
    const next = built['sw.js']!.replace('"revision":"cccc","url":"index.html"', '"revision":"c2c2","url":"index.html"')
    const first = await text('/sw.js')
    writeFileSync(worker, next)
    try {
      const served = await text('/sw.js')
      expect(served).not.toBe(first)
      expect(precache(served)['index.html']).not.toBe(precache(first)['index.html'])
      const urls = [...served.matchAll(/"url":"([^"]+)"/g)].map(([, url]) => url)
      expect(new Set(urls).size).toBe(urls.length)
    } finally {
      writeFileSync(worker, built['sw.js']!)
    }
  })

  it("serves the build's own files for the demo brand, which has no icon of its own", async () => {
    const demo = createApp({ db: noDb, config: { apiKey: 'k' }, distDir: dist.dir })
    expect(await (await demo.request('/favicon.svg')).text()).toBe(built['favicon.svg'])
    expect(JSON.parse(await (await demo.request('/manifest.webmanifest')).text())).toMatchObject({ name: 'Seed Storefront', short_name: 'Seed' })
    expect(await (await demo.request('/')).text()).toContain('<title>Seed Storefront</title>')
  })
})
