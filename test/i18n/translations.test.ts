import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@lingui/conf'
import { getCatalogs } from '@lingui/cli/api'
import { messageShape } from './messageShape.ts'
import { ALLOWED_UI_TEXT, findUntranslatedText } from './uiText.ts'

const TRANSLATED = ['xh', 'af'] as const

interface Gap {
  locale: string
  message: string
  problem: string
}

/** Every live English message needs a translation in each language, with the English placeholders, plurals and tags. */
function translationGaps(
  english: Record<string, { message?: string; translation?: string; obsolete?: boolean }>,
  translations: Record<string, Record<string, { translation?: string } | undefined>>,
): Gap[] {
  const gaps: Gap[] = []
  for (const [id, entry] of Object.entries(english)) {
    if (entry.obsolete) continue
    const source = entry.message ?? entry.translation ?? id
    const wanted = messageShape(source)
    for (const [locale, catalogue] of Object.entries(translations)) {
      const translation = catalogue[id]?.translation
      if (!translation?.trim()) {
        gaps.push({ locale, message: source, problem: 'no translation' })
        continue
      }
      let got: string[]
      try {
        got = messageShape(translation)
      } catch (e) {
        gaps.push({ locale, message: source, problem: `broken ICU: ${(e as Error).message}` })
        continue
      }
      if (JSON.stringify(got) !== JSON.stringify(wanted)) {
        gaps.push({ locale, message: source, problem: `placeholders ${JSON.stringify(got)} instead of ${JSON.stringify(wanted)}` })
      }
    }
  }
  return gaps
}

describe('the isiXhosa and Afrikaans catalogues', () => {
  it('translate every message of the English catalogue, keeping its placeholders, plurals and tags', async () => {
    const config = getConfig()
    for (const catalog of await getCatalogs(config)) {
      const english = (await catalog.read('en')) ?? {}
      const translations: Record<string, Record<string, { translation?: string }>> = {}
      for (const locale of TRANSLATED) translations[locale] = (await catalog.read(locale)) ?? {}
      expect(Object.keys(english).length).toBeGreaterThan(0)
      expect(translationGaps(english, translations)).toEqual([])
    }
  }, 60_000)

  it('the check fails on a missing translation, a lost placeholder, a renamed plural case and broken ICU', () => {
    const english = {
      a: { message: 'Cart' },
      b: { message: 'Order {0}' },
      c: { message: '{count, plural, one {# item} other {# items}}' },
      d: { message: '{price} <0>p/m</0>' },
      e: { message: 'Welcome {first}' },
      f: { message: 'Gone', obsolete: true },
    }
    const gaps = translationGaps(english, {
      af: {
        a: { translation: '' },
        b: { translation: 'Bestelling' },
        c: { translation: '{count, plural, =1 {# item} other {# items}}' },
        d: { translation: '{price} p/m' },
        e: { translation: 'Welkom {first' },
      },
    })
    expect(gaps.map((g) => [g.message, g.problem.startsWith('broken ICU') ? 'broken ICU' : g.problem])).toEqual([
      ['Cart', 'no translation'],
      ['Order {0}', 'placeholders [] instead of ["{0}"]'],
      ['{count, plural, one {# item} other {# items}}', 'placeholders ["{count, plural: 1 other}"] instead of ["{count, plural: one other}"]'],
      ['{price} <0>p/m</0>', 'placeholders ["{price}"] instead of ["tag </0>","tag <0>","{price}"]'],
      ['Welcome {first}', 'broken ICU'],
    ])
    // The same shapes pass.
    expect(
      translationGaps(english, {
        xh: {
          a: { translation: 'Inqwelo' },
          b: { translation: 'I-odolo {0}' },
          c: { translation: '{count, plural, one {into enye} other {izinto ezi-#}}' },
          d: { translation: '{price} <0>p/m</0>' },
          e: { translation: 'Wamkelekile {first}' },
        },
      }),
    ).toEqual([])
  })
})

describe('text on screen goes through Lingui', () => {
  const root = join(import.meta.dirname, '../../src')
  const sources = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx')).sort()

  it('no .tsx file in src shows letters outside <Trans>, t`…` or msg`…`', () => {
    expect(sources.length).toBeGreaterThan(20)
    const findings = sources.flatMap((file) => findUntranslatedText(readFileSync(join(root, file), 'utf8'), `src/${file}`))
    expect(findings).toEqual([])
  })

  it('the scan finds planted text, and leaves translated text, ids and allowed names alone', () => {
    const planted = `
      import { Trans, useLingui } from '@lingui/react/macro'
      export function Planted({ busy }: { busy: boolean }) {
        const { t } = useLingui()
        return (
          <section aria-label="Your cart" aria-labelledby="cart-title" className="box">
            <h2 id="cart-title"><Trans>Cart</Trans></h2>
            <p>Your cart is empty</p>
            <button title={t\`Remove\`} aria-label={busy ? 'Saving' : t\`Save\`}>{busy ? 'Saving…' : <Trans>Save</Trans>}</button>
            <input placeholder={\`Search \${'x'}\`} alt="" />
            <span>Seed</span> <b>R299 {'p/m'}</b> <i>{' — '}</i>
          </section>
        )
      }`
    const findings = findUntranslatedText(planted, 'Planted.tsx')
    expect(findings.map(({ line, text, where }) => ({ line, text, where }))).toEqual([
      { line: 6, text: 'Your cart', where: 'attribute aria-label' },
      { line: 8, text: 'Your cart is empty', where: 'text' },
      { line: 9, text: 'Saving', where: 'attribute aria-label' },
      { line: 9, text: 'Saving…', where: 'expression' },
      { line: 10, text: 'Search', where: 'attribute placeholder' },
      { line: 11, text: 'R299', where: 'text' },
      { line: 11, text: 'p/m', where: 'expression' },
    ])
    expect([...ALLOWED_UI_TEXT.keys()]).toContain('Seed')
  })
})
