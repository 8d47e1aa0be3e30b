/**
 * The pages the law expects of the shop (the seller's details, the privacy notice, the terms of sale, the PAIA
 * manual): each opened from the footer in English, isiXhosa and Afrikaans, then all of them again offline after that
 * one online visit.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { LEGAL_PAGES, type LegalPage } from '../../src/domain/legal.ts'
import { baseUrl, screenshot, useBrowser } from './browser.ts'
import { controlledByWorker } from './portal.ts'
import { openHome, waitForApp } from './storefront.ts'

const session = useBrowser()

type Code = 'en' | 'xh' | 'af'

/** How each language names the language selector, the footer's group and each page (locales/*.po, legal/templates). */
const words: Record<Code, { language: string; legal: string; pages: Record<LegalPage, string>; says: Record<LegalPage, string> }> = {
  en: {
    language: 'Language',
    legal: 'Legal',
    pages: { seller: 'Who we are', privacy: 'Privacy notice', terms: 'Terms of sale', paia: 'PAIA manual' },
    says: { seller: 'Registration number', privacy: 'within 35 days', terms: 'seven days', paia: 'information officer' },
  },
  xh: {
    language: 'Ulwimi',
    legal: 'Ezomthetho',
    pages: { seller: 'Singoobani', privacy: 'Isaziso sobumfihlo', terms: 'Imiqathango yokuthengisa', paia: 'Incwadana ye-PAIA' },
    says: { seller: 'Inombolo yobhaliso', privacy: 'ezingama-35', terms: 'iintsuku ezisixhenxe', paia: 'Igosa lethu lolwazi' },
  },
  af: {
    language: 'Taal',
    legal: 'Regsinligting',
    pages: { seller: 'Wie ons is', privacy: 'Privaatheidskennisgewing', terms: 'Verkoopsvoorwaardes', paia: 'PAIA-handleiding' },
    says: { seller: 'Registrasienommer', privacy: 'binne 35 dae', terms: 'sewe dae', paia: 'inligtingsbeampte' },
  },
}

async function switchLanguage(page: Page, from: Code, to: Code): Promise<void> {
  await waitForApp(page)
  await page.getByRole('banner').getByRole('combobox', { name: words[from].language }).selectOption({ label: to.toUpperCase() })
  await page.getByRole('banner').getByRole('combobox', { name: words[to].language }).waitFor()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to)
}

/** Opens each legal page from the footer's links, as they read in `code`, and checks its heading and what it says. */
async function openEachFromFooter(page: Page, code: Code, shots: string): Promise<void> {
  for (const legal of LEGAL_PAGES) {
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: words[code].legal })
    await footer.getByRole('link', { name: words[code].pages[legal], exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/legal/${legal}`)
    const main = page.getByRole('main')
    await main.getByRole('heading', { level: 1, name: words[code].pages[legal] }).waitFor()
    await expect.poll(() => main.innerText(), { message: `${code}/${legal}` }).toContain(words[code].says[legal])
    expect(await main.innerText()).not.toContain('{{')
    expect(await page.title()).toContain(words[code].pages[legal])
    if (legal === 'privacy' || legal === 'terms') console.log(`[e2e] ${await screenshot(page, `legal-${legal}-${code}-${shots}`)}`)
  }
}

describe("the shop's legal pages", () => {
  test('open from the footer in English, isiXhosa and Afrikaans, and again offline after that one online visit', async () => {
    const context = await session.context()
    const page = await session.page()
    // A first visit (a link in a mail) gets the page rendered by the server, in the language the device asked for.
    for (const code of ['en', 'xh', 'af'] as const) {
      const html = await (await context.request.get(`${baseUrl()}/legal/privacy`, { headers: { Cookie: `lang=${code}` } })).text()
      expect(html).toContain(`<html lang="${code}"`)
      expect(html).toContain(`<title>${words[code].pages.privacy} ·`)
      expect(html).toMatch(new RegExp(`<h1>${words[code].pages.privacy}</h1>[\\s\\S]*${words[code].says.privacy}`))
      expect(html).toContain('id="first-paint-legal"')
    }
    // That page, opened in the browser, hydrates into the app with what the server drew: no error, no second read to show it.
    await page.goto('/legal/terms')
    await waitForApp(page)
    await page.getByRole('main').getByRole('heading', { level: 1, name: words.en.pages.terms }).waitFor()
    expect(session.problems.errors).toEqual([])
    await openHome(page)
    await controlledByWorker(page)

    await openEachFromFooter(page, 'en', 'online')
    await switchLanguage(page, 'en', 'xh')
    await openEachFromFooter(page, 'xh', 'online')
    await switchLanguage(page, 'xh', 'af')
    await openEachFromFooter(page, 'af', 'online')

    // Without a connection: every page in every language, from the footer, and a legal page opened afresh.
    await context.setOffline(true)
    await openEachFromFooter(page, 'af', 'offline')
    await switchLanguage(page, 'af', 'en')
    await openEachFromFooter(page, 'en', 'offline')
    await switchLanguage(page, 'en', 'xh')
    await openEachFromFooter(page, 'xh', 'offline')
    await page.reload()
    await page.getByRole('main').getByRole('heading', { level: 1, name: words.xh.pages.paia }).waitFor()
    await context.setOffline(false)
    expect(session.problems.errors).toEqual([])
  })
})
