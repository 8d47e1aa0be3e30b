import { getConfig } from '@lingui/conf'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'

const compiled = new Map<string, Promise<string>>()

/** A locale's /i18n/{lng}.json body, compiled from locales/*.po as the build does (vite.config.ts). */
export function compiledCatalogue(locale: string): Promise<string> {
  let body = compiled.get(locale)
  if (!body) {
    body = (async () => {
      const config = getConfig()
      const [catalog] = await getCatalogs(config)
      if (!catalog) throw new Error('no catalogue configured')
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales ?? {}, sourceLocale: config.sourceLocale ?? 'en' })
      return createCompiledCatalog(locale, messages, { namespace: 'json' }).source
    })()
    compiled.set(locale, body)
  }
  return body
}
