/**
 * Issue 40: a shop with nothing on sale yet (production's first start with SEED=false, before its catalogue is loaded)
 * tells customers so on / in their language, instead of an empty grid, in the first paint and in the app alike.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { RunningServer } from '../../server/server.ts'
import { axe } from './axe.ts'
import { MOBILE, horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { startOwnServer } from './ownServer.ts'
import { waitForApp } from './storefront.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startOwnServer({ seed: false })
}, 120_000)
afterAll(() => server?.close())

const session = useBrowser()

/** What / says in each language (locales/*.po). */
const words = {
  en: { language: 'Language', home: 'Product Packages', nothing: 'Nothing on sale yet', soon: 'Our packages are on their way. Please come back soon.' },
  xh: {
    language: 'Ulwimi',
    home: 'Iipakethe zeemveliso',
    nothing: 'Akukho nto ithengiswayo okwangoku',
    soon: 'Iipakethe zethu ziyeza. Nceda ubuye kungekudala.',
  },
  af: { language: 'Taal', home: 'Produkpakkette', nothing: 'Nog niks te koop nie', soon: 'Ons pakkette is op pad. Kom asseblief binnekort terug.' },
} as const

describe('an empty shop', () => {
  test('says "Nothing on sale yet" on / in English, isiXhosa and Afrikaans, never an empty grid', { timeout: 90_000 }, async () => {
    expect(await server.db.query('select id from products where active')).toEqual([])
    const context = await session.context({ viewport: MOBILE, baseURL: server.url })
    // The first paint the server renders says it in the remembered language.
    for (const code of ['en', 'xh', 'af'] as const) {
      const html = await (await context.request.get(`${server.url}/`, { headers: { Cookie: `lang=${code}` } })).text()
      expect(html, code).toContain(`<h2 id="nothing-on-sale">${words[code].nothing}</h2>`)
      expect(html, code).toContain(words[code].soon)
    }

    const page = await session.page()
    await page.goto('/')
    await waitForApp(page)
    let from: keyof typeof words = 'en'
    for (const code of ['en', 'xh', 'af'] as const) {
      if (code !== from) {
        await page.getByRole('banner').getByRole('combobox', { name: words[from].language }).selectOption({ label: code.toUpperCase() })
        from = code
      }
      const main = page.getByRole('main')
      await main.getByRole('heading', { level: 1, name: words[code].home }).waitFor()
      await main.getByRole('region', { name: words[code].nothing }).getByText(words[code].soon).waitFor()
      expect(await main.getByRole('article').count(), code).toBe(0)
      expect(await main.getByRole('link', { name: /cart/i }).count(), code).toBe(0)
      expect(await axe(page), code).toEqual([])
      expect(await horizontalOverflow(page), code).toBe(0)
      console.log(`[e2e] ${await screenshot(page, `empty-shop-${code}-360`)}`)
    }
  })
})
