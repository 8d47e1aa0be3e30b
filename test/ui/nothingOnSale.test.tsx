import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { NothingOnSale } from '../../src/features/catalogue/NothingOnSale.tsx'
import { catalogueView } from '../../src/features/catalogue/useCatalogue.ts'
import { i18n } from '../../src/i18n/i18n.ts'
import { compiledCatalogue } from '../i18n/compiledCatalogue.ts'

const render = () =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <NothingOnSale />
    </I18nProvider>,
  )

describe('the empty shop', () => {
  it('says "Nothing on sale yet" under its own heading in English, isiXhosa and Afrikaans', async () => {
    expect(render()).toBe(
      '<section aria-labelledby="nothing-on-sale"><h2 id="nothing-on-sale">Nothing on sale yet</h2>' +
        `<p class="${/class="(go\w+)"/.exec(render())?.[1]}">Our packages are on their way. Please come back soon.</p></section>`,
    )
    const words: Record<string, RegExp> = {
      xh: /<h2 id="nothing-on-sale">Akukho nto ithengiswayo okwangoku<\/h2><p [^>]*>Iipakethe zethu ziyeza\. Nceda ubuye kungekudala\.<\/p>/,
      af: /<h2 id="nothing-on-sale">Nog niks te koop nie<\/h2><p [^>]*>Ons pakkette is op pad\. Kom asseblief binnekort terug\.<\/p>/,
    }
    try {
      for (const [language, expected] of Object.entries(words)) {
        const { messages } = JSON.parse(await compiledCatalogue(language)) as { messages: Record<string, string> }
        i18n.load(language, messages)
        i18n.activate(language)
        expect(render()).toMatch(expected)
      }
    } finally {
      i18n.activate('en')
    }
  })

  it('shows a fetched empty catalogue as ready (the empty page), and one never fetched as loading', () => {
    const retry = () => {}
    expect(catalogueView(undefined, [], '2026-11-29T22:00:00.000Z', false, retry)).toEqual({
      status: 'ready',
      products: [],
      fetchedAt: '2026-11-29T22:00:00.000Z',
      refreshFailed: false,
    })
    expect(catalogueView(undefined, [], null, false, retry)).toEqual({ status: 'loading' })
    const page = { products: [], fetchedAt: '2026-11-29T22:00:00.000Z' }
    expect(catalogueView(page, undefined, null, false, retry)).toMatchObject({ status: 'ready', products: [] })
  })
})
