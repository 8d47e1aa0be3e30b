import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import type { Plugin } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { zaTowns } from './src/features/address/townsPlugin.ts'
import { setupI18n, type Messages } from '@lingui/core'
import { compileCatalogue, compileCatalogues } from './server/i18n/catalogues.ts'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, manifestUrl } from './src/domain/language.ts'
import { manifestShortcuts, manifestText } from './src/pwa/manifest.ts'

/** Compiles every locale's catalogue to /i18n/{lng}.json: emitted at build, served in dev. */
function i18nCatalogues(): Plugin {
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

/** The storefront's messages in one language, as Lingui outside the app (the build has no macros). */
async function storefrontText(language: Language) {
  const { messages } = JSON.parse(await compileCatalogue('storefront', language)) as { messages: Messages }
  return manifestText(setupI18n({ locale: language, messages: { [language]: messages } }))
}

const englishText = await storefrontText(DEFAULT_LANGUAGE)

/** The web app manifest in English; the build adds one per language (localizedManifests). */
const manifest = {
  id: '/',
  name: 'Seed Storefront',
  short_name: 'Seed',
  description: englishText.description,
  start_url: '/',
  scope: '/',
  // No orientation: the app works either way round, and a customer with a phone fixed in landscape must be able to use it.
  display: 'standalone',
  theme_color: '#0b4f9c',
  background_color: '#f4f6fa',
  lang: 'en',
  categories: ['shopping', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/home-narrow.png', sizes: '720x1480', type: 'image/png', form_factor: 'narrow', label: englishText.screenshotLabel },
    { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: englishText.screenshotLabel },
  ],
  shortcuts: manifestShortcuts(englishText),
} satisfies Partial<ManifestOptions>

/** Writes manifest.{lng}.webmanifest for each other language: the description, screenshot labels and shortcuts translated. */
function localizedManifests(): Plugin {
  return {
    name: 'localized-manifests',
    async generateBundle() {
      for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
        const text = await storefrontText(language)
        const localized = {
          ...manifest,
          lang: language,
          description: text.description,
          screenshots: manifest.screenshots.map((shot) => ({ ...shot, label: text.screenshotLabel })),
          shortcuts: manifestShortcuts(text),
        }
        this.emitFile({ type: 'asset', fileName: manifestUrl(language).slice(1), source: JSON.stringify(localized) })
      }
    },
  }
}

/** The app's own first-paint code: the shell around every page (a few of its modules only ever load later). */
const shellModules =
  /[\\/]src[\\/](router\.ts|config\.ts|reportError\.ts|routeTree\.gen\.ts|app[\\/]|i18n[\\/]|ui[\\/]|pwa[\\/]|lib[\\/](firstTaps|sessionStore|toaster|idle)\.ts|outbox[\\/]outbox\.ts|domain[\\/](product|money|cart|defined)\.ts|features[\\/](cart[\\/]cart\.ts|account[\\/]session[\\/]authIntents\.ts|catalogue[\\/]firstPaint\.ts))/
/** Under those folders but not on the first paint: forms, tables and sections of lazy pages, and what boot work after idle loads. */
const laterModules =
  /[\\/]src[\\/](ui[\\/](forms[\\/]|Table\.tsx|Section\.tsx)|pwa[\\/](register|pwaRuntime|pwaEffects|installMemory|platform)\.ts|app[\\/]outboxKinds\.ts)/

/**
 * A phone on a slow network opens few connections, so the app comes in a few chunks instead of the thirty-odd small
 * ones automatic splitting makes from modules the lazy routes share. Before the page is idle: the entry with Vite's
 * preload helper, the libraries the first paint runs, the app shell (what every page shows), src/main.tsx on its own
 * (it awaits the page's route, whose chunk imports the shell: inside the shell it would wait for itself) and the
 * home page. Once it is idle (src/app/afterFirstPaint.ts): the device chunk, everything the boot work started then
 * needs (Dexie and the store, XState and the cart and auth actors, the syncs, the API client, the worker's
 * registration). Everything else (payments, charts, the portal, the lab) stays in its route's own lazy chunks.
 * Each group also takes what its modules import, unless a group before it took that.
 */
const appChunks = {
  groups: [
    // The entry (src/boot.ts) needs only these before the first frame.
    { name: 'preload', test: /preload-helper|rolldown[\\/]runtime/, priority: 5 },
    {
      name: 'vendor',
      test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|goober|valibot|use-sync-external-store|tiny-)/,
      priority: 4,
    },
    { name: 'shell', test: (id: string) => shellModules.test(id) && !laterModules.test(id), priority: 3 },
    { name: 'home', test: /[\\/]src[\\/](routes[\\/]index\.tsx\?tsr-split|features[\\/]catalogue[\\/](?!cachedCatalogue))/, priority: 2 },
    // The app's connection, update and install state and the worker's registration, which every visit starts.
    {
      name: 'pwa',
      test: /node_modules[\\/](xstate|workbox-window)[\\/]|[\\/](src[\\/]pwa[\\/](register|pwaRuntime|pwaEffects|installMemory|platform)\.ts|machines[\\/]pwa\.machine\.ts)/,
      priority: 1.5,
    },
    {
      name: 'device',
      test: /node_modules[\\/](dexie|dexie-react-hooks|@xstate)[\\/]|[\\/]src[\\/](store[\\/]|app[\\/]outboxKinds\.ts|outbox[\\/]outboxActor\.ts|features[\\/](cart[\\/]cartActor|account[\\/]session[\\/]authActor|catalogue[\\/]cachedCatalogue)\.ts)/,
      priority: 1,
    },
  ],
}

export default defineConfig(({ isSsrBuild }) => ({
  // Only what names the build: every deployment setting reaches the page at run time (src/config.ts), so one build serves them all.
  envPrefix: 'VITE_BUILD_',
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
    // The machine lab (/lab): 'false' leaves its code out of the bundle and the precache (docs/features.md, "Machine lab").
    'import.meta.env.VITE_LAB': JSON.stringify(process.env.VITE_LAB === 'false' ? 'false' : 'true'),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      // Without the lab, its route's few lines stay in place (they render nothing) rather than leave an empty chunk.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/lab' && process.env.VITE_LAB === 'false' ? [] : undefined) },
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // The server renderer of first pages (server/build/buildApp.ts) needs neither the catalogues nor a worker.
    !isSsrBuild && i18nCatalogues(),
    !isSsrBuild && localizedManifests(),
    zaTowns(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        // The page registers the worker itself (src/pwa/register.ts) to announce updates.
        injectRegister: false,
        registerType: 'prompt',
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          globIgnores: ['**/screenshots/**'],
        },
        manifest,
      }),
  ],
  publicDir: 'src/public',
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest (dist/client/.vite, never served) names each route's chunks for the server's preload hints.
    manifest: true,
    ...(!isSsrBuild && { rolldownOptions: { output: { codeSplitting: appChunks } } }),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/{domain,machines,store,outbox,sw,api,i18n,ui,lib,features,docs}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/setup.ts'],
          // A time limit catches a hang, not slowness (the bench measures speed): the model tests replay every path and
          // the translation scan reads every screen, which took 7-8 s on a busy 2-core machine, over the default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The forms in jsdom with Testing Library: what a customer types, reads and sends, in seconds.
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts', 'test/component/setup.ts'],
          // A form test takes well under a second; a machine shared by many runs may take ten times that.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // Files run in parallel, each on its own copy of one migrated database.
          globalSetup: ['test/server/support/databaseTemplate.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Several processes of the compiled server on one PostgreSQL: run with DATABASE_URL set (.ci/run's PostgreSQL step).
          name: 'instances',
          include: ['test/instances/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // What only PostgreSQL has (the pool, locks held by another connection): run with DATABASE_URL set (.ci/run's PostgreSQL step).
          name: 'postgres',
          include: ['test/postgres/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/postgres/setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // `npm run check:prod-install` (.ci/run): the image's run stage, with an install from the registry.
          name: 'release',
          include: ['test/release/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // No retries: a test that fails once is fixed by waiting on what it looks at, never run again until it passes.
          retry: 0,
          // A poll waits as long as a locator does (test/e2e/browser.ts: 10 s), never expect.poll's default one second.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['test/e2e/global-setup.ts'],
        },
      },
    ],
  },
}))
