import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LEGAL_PAGES } from '../../../src/domain/legal.ts'
import type { LegalPages } from '../../../src/domain/legalPages.ts'
import { LANGUAGES } from '../../../src/domain/languageCodes.ts'
import { compiledI18n } from '../../../server/i18n/catalogues.ts'
import { placeholdersIn } from '../../../server/legal/placeholders.ts'
import { renderLegal } from '../../../server/legal/renderLegal.ts'
import { plainText, simpleHtml } from '../../../server/mail/render.ts'
import { setShopOrigin, shopOrigin } from '../../../server/mail/shopOrigin.ts'
import { legalProblems } from '../../../server/productionChecks.ts'
import { passwordResetMail } from '../../../server/mail/templates/passwordReset.ts'
import { accountsApp, apiKey, call, outboxTo, signupBody, useAccountsApp } from '../helpers/accounts.ts'
import { startTestServer } from '../helpers/testServer.ts'
import { startupTimeout } from '../helpers/testDb.ts'
import { safeProductionEnv } from '../helpers/productionEnv.ts'

const read = async (res: Response) => (await res.json()) as LegalPages

describe('the legal pages are rendered safely from Markdown', () => {
  it('shows raw HTML as text and drops javascript:, data:, vbscript: and other-site links, keeping web, mail, phone and own links', () => {
    const { html } = renderLegal(
      [
        '# Terms <b>bold</b>',
        '<script>alert(1)</script> <img src=x onerror=alert(1)>',
        '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,x) [d](vbscript:x) [e](//evil.example/x) [f]( javascript:alert(1))',
        '[web](https://inforegulator.org.za) [mail](mailto:privacy@example.co.za) [phone](tel:+27210000000) [own](/legal/privacy)',
        'https://www.example.co.za/paia.pdf',
      ].join('\n\n'),
    )
    // No element but those Markdown makes, no handler attribute, no link but the safe ones.
    expect(html).not.toMatch(/<(script|img|b)\b|<[^>]*\son\w+=|href="(javascript|data|vbscript|\/\/)/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('[a](javascript:alert(1))')
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs).toEqual([
      'https://inforegulator.org.za',
      'mailto:privacy@example.co.za',
      'tel:+27210000000',
      '/legal/privacy',
      'https://www.example.co.za/paia.pdf',
    ])
  })

  it("takes the page's title from its first heading, and marks a placeholder left unfilled", () => {
    const page = renderLegal("# Who we are\n\n**Registration number:** {{fill in: the company's registration number}}")
    expect(page.title).toBe('Who we are')
    expect(page.html).toContain("<mark>{{fill in: the company's registration number}}</mark>")
  })
})

describe('production refuses to start with a legal page unfinished', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('lists every placeholder of the shipped templates by file, after one line naming LEGAL_DIR', () => {
    const problems = legalProblems('')
    expect(problems[0]).toMatch(/^LEGAL_DIR is not set \(the shipped templates\): \d+ placeholders are unfilled, .*set LEGAL_DIR to it/)
    // One line per file: every language and page has something only the operator can say.
    expect(problems).toHaveLength(1 + LANGUAGES.length * LEGAL_PAGES.length)
    for (const language of LANGUAGES)
      for (const page of LEGAL_PAGES)
        expect(
          problems.filter((p) => p.includes(join(language, `${page}.md`))),
          `${language}/${page}`,
        ).toHaveLength(1)
    expect(problems.find((p) => p.includes(join('xh', 'seller.md')))).toContain("{{fill in: the company's registration number}}")
    expect(problems.every((p) => !p.includes('\n'))).toBe(true)
  })

  it('names a missing file and each placeholder left in a folder of the operator, and nothing once every page is written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'))
    dirs.push(dir)
    for (const language of LANGUAGES) {
      mkdirSync(join(dir, language))
      for (const page of LEGAL_PAGES) writeFileSync(join(dir, language, `${page}.md`), `# ${page}\n\nWritten.\n`)
    }
    expect(legalProblems(dir)).toEqual([])
    writeFileSync(join(dir, 'af', 'terms.md'), '# Verkoopsvoorwaardes\n\nAflewering binne {{fill in: the delivery time in working days}} werksdae.\n')
    rmSync(join(dir, 'xh', 'paia.md'))
    const problems = legalProblems(dir)
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^LEGAL_DIR \\(${dir}\\): 1 placeholder is unfilled and 1 legal page is missing`)),
      `${join(dir, 'xh', 'paia.md')} is missing: write it (start from legal/templates/xh/paia.md)`,
      `${join(dir, 'af', 'terms.md')} has unfilled placeholders: {{fill in: the delivery time in working days}}`,
    ])
  })

  it('accepts the test suite’s safe production folder', () => {
    expect(legalProblems(safeProductionEnv.LEGAL_DIR)).toEqual([])
  })
})

describe('GET /api/legal/{language}', () => {
  const env = useAccountsApp()
  const get = (path: string, headers: Record<string, string> = {}) => env.app.request(path, { headers: { Key: apiKey, ...headers } })

  it('serves every page in each language, in that language, with the demo’s sample values in place of the placeholders', async () => {
    const titles = new Map<string, string[]>()
    for (const language of LANGUAGES) {
      const res = await get(`/api/legal/${language}`)
      expect(res.status, language).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
      const body = await read(res)
      expect(body.language).toBe(language)
      expect(body.pages.map((p) => p.page)).toEqual([...LEGAL_PAGES])
      for (const page of body.pages) {
        expect(page.title, `${language}/${page.page}`).not.toBe('')
        expect(page.html, `${language}/${page.page}`).not.toContain('{{')
      }
      titles.set(
        language,
        body.pages.map((p) => p.title),
      )
    }
    expect(titles.get('en')).toEqual(['Who we are', 'Privacy notice', 'Terms of sale', 'PAIA manual'])
    expect(titles.get('af')).toEqual(['Wie ons is', 'Privaatheidskennisgewing', 'Verkoopsvoorwaardes', 'PAIA-handleiding'])
    expect(titles.get('xh')).toEqual(['Singoobani', 'Isaziso sobumfihlo', 'Imiqathango yokuthengisa', 'Incwadana ye-PAIA'])
  })

  it('says what the law asks in every language: the cooling-off, RICA, the backups’ retention, the Regulator and the PAIA manual', async () => {
    const expected = {
      en: { terms: ['seven days', 'section 44', '30 days'], privacy: ['RICA', '35 days', 'Information Regulator', 'information officer'], seller: ['VAT'] },
      af: { terms: ['sewe dae', 'artikel 44', '30 dae'], privacy: ['RICA', '35 dae', 'Inligtingsreguleerder', 'inligtingsbeampte'], seller: ['BTW'] },
      xh: {
        terms: ['iintsuku ezisixhenxe', 'icandelo 44', 'ezingama-30'],
        privacy: ['RICA', 'ezingama-35', 'Information Regulator', 'igosa lethu lolwazi'],
        seller: ['VAT'],
      },
    }
    for (const language of LANGUAGES) {
      const { pages } = await read(await get(`/api/legal/${language}`))
      for (const [page, words] of Object.entries(expected[language]))
        for (const word of words) expect(pages.find((p) => p.page === page)?.html, `${language}/${page}: ${word}`).toContain(word)
      expect(pages.find((p) => p.page === 'paia')?.html).toContain('href="https://shop.example.co.za/paia-manual.pdf"')
    }
  })

  it('answers 304 to its own ETag, 404 to a language the shop does not speak, and 401 without the Key', async () => {
    const first = await get('/api/legal/af')
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect((await get('/api/legal/af', { 'If-None-Match': etag! })).status).toBe(304)
    expect((await get('/api/legal/fr')).status).toBe(404)
    expect((await env.app.request('/api/legal/en')).status).toBe(401)
  })

  it('shows the placeholders, marked, outside the demo (SEED=false), and serves an operator’s folder', async () => {
    const plain = accountsApp(env.t.db, { seed: false })
    const { pages } = await read(await plain.request('/api/legal/en', { headers: { Key: apiKey } }))
    expect(pages.find((p) => p.page === 'seller')?.html).toContain("<mark>{{fill in: the company's registration number}}</mark>")
    const own = accountsApp(env.t.db, { seed: false, legalDir: safeProductionEnv.LEGAL_DIR })
    const xh = await read(await own.request('/api/legal/xh', { headers: { Key: apiKey } }))
    expect(xh.pages.map((p) => p.title)).toEqual(LEGAL_PAGES.map((page) => `${page} (xh)`))
  })
})

describe('every mail ends with links to the legal pages', () => {
  const before = shopOrigin()
  afterAll(() => setShopOrigin(before))

  it(
    'a mail a running server queues links them on PUBLIC_URL',
    async () => {
      const server = await startTestServer({ apiKey, publicUrl: 'https://shop.example.co.za' })
      try {
        const body = signupBody()
        const res = await fetch(`${server.url}/api/v2/users`, call('POST', body))
        expect(res.status).toBe(201)
        const [mail] = await outboxTo(server.db, body.user.email)
        for (const page of LEGAL_PAGES) expect(mail?.text).toContain(`https://shop.example.co.za/legal/${page}`)
      } finally {
        await server.close()
      }
    },
    startupTimeout,
  )

  it("links each page on the shop's public origin, in the mail's language, in the text and the HTML", async () => {
    setShopOrigin('https://shop.example.co.za/')
    const words = { en: 'Privacy notice', af: 'Privaatheidskennisgewing', xh: 'Isaziso sobumfihlo' }
    for (const language of LANGUAGES) {
      const i18n = await compiledI18n('mail', language)
      const mail = passwordResetMail.render(i18n, { firstName: 'Thandi', link: 'https://shop.example.co.za/reset_password?token=x', minutes: 30 })
      const text = plainText(i18n, mail)
      const html = simpleHtml(i18n, mail)
      for (const page of LEGAL_PAGES) {
        expect(text, `${language} text`).toContain(`https://shop.example.co.za/legal/${page}\n`)
        expect(html, `${language} html`).toContain(`href="https://shop.example.co.za/legal/${page}"`)
      }
      expect(text).toContain(`${words[language]}: https://shop.example.co.za/legal/privacy`)
      expect(html).toContain(`>${words[language]}</a>`)
    }
  })
})

describe('the shipped templates', () => {
  it('name the same placeholders in English, isiXhosa and Afrikaans, page by page', async () => {
    const { readLegalFolder, shippedTemplatesDir } = await import('../../../server/legal/legalFolder.ts')
    const sources = readLegalFolder(shippedTemplatesDir)
    for (const page of LEGAL_PAGES) {
      const of = (language: string) => placeholdersIn(sources.find((s) => s.page === page && s.language === language)?.markdown ?? '').sort()
      expect(of('xh'), page).toEqual(of('en'))
      expect(of('af'), page).toEqual(of('en'))
    }
  })
})
