import { describe, expect, it } from 'vitest'
import { getConfig } from '@lingui/conf'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import { catalogueFolders, compileCatalogue, type CatalogueName } from '../../server/i18n/catalogues.ts'
import { repoRoot } from '../../server/paths.ts'

describe('the catalogue compiler (server/i18n/catalogues.ts)', () => {
  it("names exactly lingui.config.ts's catalogues, and compiles each locale as `lingui compile --namespace json` does", async () => {
    const config = getConfig({ cwd: repoRoot })
    const catalogs = await getCatalogs(config)
    const configured = catalogs.map((c) => c.path.slice(repoRoot.length).replace(/\/\{locale\}$/, '')).sort()
    expect(configured).toEqual(Object.values(catalogueFolders).sort())
    for (const catalog of catalogs) {
      const name = (Object.keys(catalogueFolders) as CatalogueName[]).find((n) => catalog.path === `${repoRoot}${catalogueFolders[n]}/{locale}`)!
      for (const locale of config.locales) {
        const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales ?? {}, sourceLocale: config.sourceLocale ?? 'en' })
        const lingui = createCompiledCatalog(locale, messages, { namespace: 'json' }).source
        expect(JSON.parse(await compileCatalogue(name, locale)), `${name} ${locale}`).toEqual(JSON.parse(lingui))
      }
    }
  }, 60_000)
})
