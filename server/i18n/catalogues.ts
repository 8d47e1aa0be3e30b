import { getConfig } from '@lingui/conf'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import { repoRoot } from '../paths.ts'

/**
 * The catalogues of lingui.config.ts by name: the storefront's (`locales/{locale}`, served as /i18n/{lng}.json),
 * the machine lab's (`locales/lab/…`, inside the lab's chunk) and the sandboxes' pages (`locales/sandbox/…`,
 * read by the server).
 */
export type CatalogueName = 'storefront' | 'lab' | 'sandbox'

function nameOf(path: string): CatalogueName | undefined {
  const folder = /\/locales\/(?:([a-z]+)\/)?\{locale\}$/.exec(path)
  if (!folder) return undefined
  const name = folder[1] ?? 'storefront'
  return name === 'storefront' || name === 'lab' || name === 'sandbox' ? name : undefined
}

/** A locale's messages of one catalogue, compiled from its .po file (English where a message has no translation). */
export async function compileCatalogue(name: CatalogueName, locale: string): Promise<string> {
  const config = getConfig({ cwd: repoRoot })
  const catalog = (await getCatalogs(config)).find((c) => nameOf(c.path) === name)
  if (!catalog) throw new Error(`lingui.config.ts has no ${name} catalogue`)
  const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales ?? {}, sourceLocale: config.sourceLocale ?? 'en' })
  return createCompiledCatalog(locale, messages, { namespace: 'json' }).source
}

/** Every locale's compiled messages of one catalogue, as JSON text by locale. */
export async function compileCatalogues(name: CatalogueName): Promise<Map<string, string>> {
  const locales = getConfig({ cwd: repoRoot }).locales
  return new Map(await Promise.all(locales.map(async (locale) => [locale, await compileCatalogue(name, locale)] as const)))
}
