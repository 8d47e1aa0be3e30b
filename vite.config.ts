import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { getConfig } from '@lingui/conf'
import { getCatalogs, createCompiledCatalog } from '@lingui/cli/api'
import type { Plugin } from 'vite'

/** Compiles every locale's catalogue to /i18n/{lng}.json: emitted at build, served in dev. */
function i18nCatalogues(): Plugin {
  const compile = async () => {
    const config = getConfig()
    const out = new Map<string, string>()
    for (const catalog of await getCatalogs(config))
      for (const locale of config.locales) {
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales ?? {},
          sourceLocale: config.sourceLocale ?? 'en',
        })
        out.set(locale, createCompiledCatalog(locale, messages, { namespace: 'json' }).source)
      }
    return out
  }
  return {
    name: 'i18n-catalogues',
    async generateBundle() {
      for (const [locale, source] of await compile()) this.emitFile({ type: 'asset', fileName: `i18n/${locale}.json`, source })
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const match = /^\/i18n\/([a-z]{2})\.json$/.exec(req.url ?? '')
        const source = match && (await compile()).get(match[1]!)
        if (!source) return next()
        res.setHeader('Content-Type', 'application/json')
        res.end(source)
      })
    },
  }
}

const apiKey = process.env.API_KEY ?? 'storefront-sandbox-key'

export default defineConfig({
  define: {
    'import.meta.env.VITE_API_KEY': JSON.stringify(process.env.VITE_API_KEY ?? apiKey),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    i18nCatalogues(),
  ],
  build: { target: 'es2022', sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/{domain,machines,store,sw,api,i18n,ui}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['test/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
