import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './helpers/testServer.ts'
import type { RunningServer } from '../../server/main.ts'
import { withClientSettings } from '../../server/http/clientSettings.ts'
import { type ClientSettings, clientSettingsFromHtml } from '../../src/domain/clientSettings.ts'
import { makeFakeDist } from './helpers/fakeDist.ts'

const wallet = { environment: 'PRODUCTION', merchantId: 'BCR2DN4T7X4QWXYZ', merchantName: 'Cape Shop', gatewayMerchantId: 'peach-8ac7' } as const

describe("the deployment's settings, handed to the page by the server", () => {
  const dist = makeFakeDist()
  const servers: RunningServer[] = []
  const start = async (options: Parameters<typeof startTestServer>[0]) => {
    const server = await startTestServer({
      distDir: dist.dir,
      ...options,
    })
    servers.push(server)
    return server
  }
  let onlyGoogle: RunningServer
  let noSocial: RunningServer
  beforeAll(async () => {
    onlyGoogle = await start({ apiKey: 'key-one', socialProviders: ['google'], googlePay: wallet, i18nHost: 'https://cdn.example.co.za' })
    noSocial = await start({ apiKey: 'key-two', socialProviders: [], googlePay: null, googleMapsKey: 'maps-key' })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    dist.remove()
  })

  const pageSettings = async (url: string) => clientSettingsFromHtml(await (await fetch(url, { headers: { Accept: 'text/html' } })).text())

  it('writes its own settings into every page it serves: an app route, / and /index.html (what the service worker precaches)', async () => {
    const expected: ClientSettings = {
      apiKey: 'key-one',
      i18nHost: 'https://cdn.example.co.za',
      googleMapsKey: '',
      googlePay: wallet,
      socialProviders: ['google'],
    }
    for (const path of ['/', '/orders/42', '/index.html']) expect(await pageSettings(`${onlyGoogle.url}${path}`), path).toEqual(expected)
    expect(await pageSettings(`${noSocial.url}/`)).toEqual({ apiKey: 'key-two', i18nHost: '', googleMapsKey: 'maps-key', googlePay: null, socialProviders: [] })
  })

  it('tags the page by what it carries, so a cached copy from other settings is not taken for current', async () => {
    const etag = async (server: RunningServer) => (await fetch(`${server.url}/index.html`)).headers.get('etag')
    expect(await etag(onlyGoogle)).not.toBe(await etag(noSocial))
  })

  it("answers 404 at a provider's sign-in endpoints when the deployment does not offer it", async () => {
    for (const path of ['/api/auth/facebook/start', '/api/auth/twitter/start?returnTo=/profile', '/api/auth/facebook/callback?state=s&code=c'])
      expect((await fetch(`${onlyGoogle.url}${path}`, { redirect: 'manual' })).status, path).toBe(404)
    expect((await fetch(`${onlyGoogle.url}/api/auth/google/start`, { redirect: 'manual' })).status).toBe(302)
    for (const provider of ['google', 'facebook', 'twitter'])
      expect((await fetch(`${noSocial.url}/api/auth/${provider}/start`, { redirect: 'manual' })).status, provider).toBe(404)
  })
})

describe('the settings element', () => {
  it('cannot be closed or bent by what a setting says', () => {
    const settings: ClientSettings = {
      apiKey: 'k',
      i18nHost: '',
      googleMapsKey: '',
      googlePay: { ...wallet, merchantName: 'Shop</script><script>alert(1)</script><!--' },
      socialProviders: [],
    }
    const html = withClientSettings('<!doctype html><html><head><title>Shop</title></head><body></body></html>', settings)
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(clientSettingsFromHtml(html)).toEqual(settings)
    expect(html.indexOf('storefront-settings')).toBeLessThan(html.indexOf('</head>'))
  })
})

describe('the settings in dev mode (Vite serves the page)', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startTestServer({
      dev: true,
      apiKey: 'dev-key',
    })
  }, 120_000)
  afterAll(() => server?.close())

  it("writes them into Vite's page too", async () => {
    const html = await (await fetch(`${server.url}/cart`, { headers: { Accept: 'text/html' } })).text()
    expect(clientSettingsFromHtml(html)).toMatchObject({ apiKey: 'dev-key', googlePay: { environment: 'SANDBOX' } })
  })
})
