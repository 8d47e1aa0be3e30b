import type { Plugin } from 'vite'
import { compileCatalogues } from '../../server/i18n/catalogues.ts'
import { LANGUAGES } from '../../src/domain/languageCodes.ts'

/** Compiles every locale's catalogue to /i18n/{lng}.json: emitted at build, served in dev. */
export function i18nCatalogues(): Plugin {
  // The lab's catalogue travels in the lab's own chunk (src/devtools/lab/labI18n.ts); the sandboxes' is the server's.
  const compile = () => compileCatalogues('storefront', LANGUAGES)
  return {
    name: 'i18n-catalogues',
    async generateBundle() {
      for (const [locale, source] of await compile()) this.emitFile({ type: 'asset', fileName: `i18n/${locale}.json`, source })
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const language = /^\/i18n\/([a-z]{2})\.json$/.exec(req.url ?? '')?.[1]
        const source = language && (await compile()).get(language)
        if (!source) return next()
        res.setHeader('Content-Type', 'application/json')
        res.end(source)
      })
    },
  }
}
