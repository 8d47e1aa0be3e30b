/**
 * The catalogue in the customer's own language: every package card on / and every bundle a SIM can buy, in isiXhosa
 * and Afrikaans, is compared with the same screen in English and with the catalogue's wording for that language; the
 * packages also offline (a language seen before shows them in its words without a connection).
 */
import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { Bundle } from '../../src/domain/bundle.ts'
import type { Product } from '../../src/domain/product.ts'
import { API_KEY } from './accounts.ts'
import { baseUrl, screenshot, useBrowser } from './browser.ts'
import { controlledByWorker, portalTruth, signInAsDemo } from './portal.ts'
import { waitForApp } from './storefront.ts'

const session = useBrowser()

type Code = 'en' | 'xh' | 'af'

/** What each language calls the language selector and the home page (locales/*.po). */
const words = {
  en: { language: 'Language', home: 'Product Packages' },
  xh: { language: 'Ulwimi', home: 'Iipakethe zeemveliso' },
  af: { language: 'Taal', home: 'Produkpakkette' },
} as const

/** Picks a language in the header's selector, as it reads in the language now on screen, and waits until the page speaks it. */
async function switchLanguage(page: Page, from: Code, to: Code): Promise<void> {
  await waitForApp(page)
  await page.getByRole('banner').getByRole('combobox', { name: words[from].language }).selectOption({ label: to.toUpperCase() })
  await page.getByRole('banner').getByRole('combobox', { name: words[to].language }).waitFor()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to)
}

/** Switches language on the home page, whose heading then reads in the new one. */
async function switchHomeLanguage(page: Page, from: Code, to: Code): Promise<void> {
  await switchLanguage(page, from, to)
  await page.getByRole('heading', { level: 1, name: words[to].home }).waitFor()
}

interface CardText {
  name: string
  /** The line under the name: "plan · speed". */
  line: string
}

/** Each package card's name and the line under it, in page order, as the customer reads them. */
async function cardTexts(page: Page): Promise<CardText[]> {
  const cards = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('button') })
  const out: CardText[] = []
  for (const card of await cards.all()) {
    const name = (await card.getByRole('heading', { level: 2 }).innerText()).trim()
    const line = (await card.getByRole('paragraph').first().innerText()).replace(/\s+/g, ' ').trim()
    out.push({ name, line })
  }
  return out
}

/** The catalogue as the server serves it. */
async function catalogue(page: Page): Promise<Product[]> {
  return page.evaluate(async (key) => (await (await fetch('/api/v2/bootstrap', { headers: { Key: key }, cache: 'no-store' })).json()).products, API_KEY)
}

/** The cards a language should show: the catalogue's own wording for it. */
function expectedCards(products: Product[], code: 'xh' | 'af'): CardText[] {
  return products.map((p) => {
    const text = p.texts?.[code]
    return { name: text?.name ?? p.name, line: `${text?.plan ?? p.plan} · ${text?.speed ?? p.speed}` }
  })
}

/** No card carries its English plan or speed line, and each shows the catalogue's wording for the language. */
async function expectTranslated(page: Page, english: CardText[], expected: CardText[], code: 'xh' | 'af'): Promise<void> {
  await expect.poll(() => cardTexts(page), { message: `the cards in ${code}` }).toEqual(expected)
  const shown = await cardTexts(page)
  expect(shown).toHaveLength(english.length)
  for (const [index, card] of shown.entries()) {
    const inEnglish = english[index]
    if (!inEnglish) throw new Error(`no English card ${index}`)
    const [plan, speed] = inEnglish.line.split(' · ')
    expect(card.line, `${inEnglish.name} in ${code}: "${inEnglish.line}"`).not.toBe(inEnglish.line)
    expect(card.line, `${inEnglish.name} in ${code}: its plan in English`).not.toContain(plan)
    expect(card.line, `${inEnglish.name} in ${code}: its speed in English`).not.toContain(speed)
  }
}

describe("the catalogue's words in the customer's language", () => {
  test('every package on / in xh and af shows its own wording, never the English one, also after switching offline', async () => {
    const context = await session.context()
    const page = await session.page()
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: words.en.home }).waitFor()
    await expect.poll(async () => (await cardTexts(page)).length).toBeGreaterThanOrEqual(6)
    const english = await cardTexts(page)
    const products = await catalogue(page)
    expect(english).toEqual(products.map((p) => ({ name: p.name, line: `${p.plan} · ${p.speed}` })))
    // The first paint the server renders for a remembered language already carries the catalogue's wording for it.
    for (const code of ['xh', 'af'] as const) {
      const html = await (await context.request.get(`${baseUrl()}/`, { headers: { Cookie: `lang=${code}` } })).text()
      expect(html).toContain(`<html lang="${code}"`)
      for (const p of products) {
        expect(html, `the first paint in ${code}`).toContain(`>${p.texts?.[code]?.speed}<`)
        expect(html, `the first paint in ${code}`).not.toContain(`>${p.speed}<`)
      }
    }
    await controlledByWorker(page)

    await switchHomeLanguage(page, 'en', 'xh')
    await expectTranslated(page, english, expectedCards(products, 'xh'), 'xh')
    console.log(`[e2e] ${await screenshot(page, 'catalogue-home-xh-360')}`)
    await switchHomeLanguage(page, 'xh', 'af')
    await expectTranslated(page, english, expectedCards(products, 'af'), 'af')
    console.log(`[e2e] ${await screenshot(page, 'catalogue-home-af-360')}`)

    // Offline, both languages seen before show the packages in their words, also on a page opened without a connection.
    await context.setOffline(true)
    await switchHomeLanguage(page, 'af', 'xh')
    await expectTranslated(page, english, expectedCards(products, 'xh'), 'xh')
    await page.reload()
    await page.getByRole('heading', { level: 1, name: words.xh.home }).waitFor()
    await expectTranslated(page, english, expectedCards(products, 'xh'), 'xh')
    await switchHomeLanguage(page, 'xh', 'af')
    await expectTranslated(page, english, expectedCards(products, 'af'), 'af')
  })

  test("every bundle a prepaid and a monthly SIM can buy is named in xh and af in the list's own words, never the English", async () => {
    const page = await session.page()
    await signInAsDemo(page)
    const { services } = await portalTruth(page)
    const sims = [services.find((s) => s.available_balance !== undefined), services.find((s) => s.available_balance === undefined)]
    for (const sim of sims) {
      if (!sim) throw new Error('the demo customer needs a prepaid and a monthly SIM')
      const bundles: Bundle[] = await page.evaluate(
        async ({ key, id }) => (await (await fetch(`/api/v8/partner/services/id/${id}/bundles`, { headers: { Key: key }, cache: 'no-store' })).json()).bundles,
        { key: API_KEY, id: sim.id },
      )
      await page.goto(`/service/${sim.id}/bundles`)
      const radios = page.getByRole('main').getByRole('radio')
      await radios.first().waitFor()
      await expect.poll(() => radios.count()).toBe(bundles.length)
      const radioNames = async () => Promise.all((await radios.all()).map(nameOf))
      const english = await radioNames()
      expect(english).toEqual(bundles.map((b) => b.names?.en))
      let from: Code = 'en'
      for (const code of ['xh', 'af'] as const) {
        await switchLanguage(page, from, code)
        from = code
        await expect.poll(radioNames, { message: `the bundles in ${code}: the list's own words` }).toEqual(bundles.map((b) => b.names?.[code]))
        const shown = await radioNames()
        for (const [index, bundle] of bundles.entries()) expect(shown[index], `${bundle.id} in ${code}: its English name`).not.toBe(english[index])
        console.log(`[e2e] ${await screenshot(page, `catalogue-bundles-${sim.available_balance === undefined ? 'monthly' : 'prepaid'}-${code}-360`)}`)
      }
      await switchLanguage(page, from, 'en')
    }
  })
})

/** The bundle's name as a radio's label reads it: the tile is the label, its first text the name (then price, validity). */
function nameOf(radio: Locator): Promise<string> {
  return radio.evaluate((input) => ((input as HTMLInputElement).labels?.[0]?.querySelector('span')?.textContent ?? '').replace(/\s+/g, ' ').trim())
}
