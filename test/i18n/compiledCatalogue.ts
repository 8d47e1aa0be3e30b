import { compileCatalogue } from '../../server/i18n/catalogues.ts'

const compiled = new Map<string, Promise<string>>()

/** A locale's /i18n/{lng}.json body, compiled from locales/*.po as the build does (tools/vite/i18nCatalogues.ts). */
export function compiledCatalogue(locale: string): Promise<string> {
  let body = compiled.get(locale)
  if (!body) {
    body = compileCatalogue('storefront', locale)
    compiled.set(locale, body)
  }
  return body
}
