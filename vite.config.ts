import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { zaTowns } from './src/features/address/townsPlugin.ts'
import { codeSplitting } from './tools/vite/chunks.ts'
import { englishByModule } from './tools/vite/englishByModule.ts'
import { i18nCatalogues } from './tools/vite/i18nCatalogues.ts'
import { localizedManifests, webManifest } from './tools/vite/manifest.ts'
import { sourceTransforms } from './tools/vite/sourceTransforms.ts'
import { staffApp, staffAssets, staffChunkNames, staffHtmlBuilt, staffHtmlSource, staffModules } from './tools/vite/staffApp.ts'

/**
 * The client's build (and `npm run dev`): the plugins that make the bundle, each in its own module under tools/vite/
 * (the chunk groups are data there: chunks.ts). The tests have their own config, vitest.config.ts.
 */
export default defineConfig(async ({ isSsrBuild }) => {
  // The server renderer of first pages (server/build/buildApp.ts) needs neither the catalogues, the manifests nor a worker.
  const manifest = isSsrBuild ? undefined : await webManifest()
  // The staff app (/staff) is the build's second page: its own entry and chunks, none of them in the customer's.
  const staff = staffModules()
  return {
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
      ...sourceTransforms(),
      zaTowns(),
      staffApp(),
      staff.plugin,
      manifest && [
        i18nCatalogues(),
        englishByModule(),
        localizedManifests(manifest),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          // The page registers the worker itself (src/pwa/register.ts) to announce updates.
          injectRegister: false,
          registerType: 'prompt',
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            // The staff app is never the customer's: neither its page nor its chunks are precached.
            globIgnores: ['**/screenshots/**', `${staffHtmlBuilt}`, `${staffAssets}/**`],
          },
          manifest,
        }),
      ],
    ],
    publicDir: 'src/public',
    build: {
      target: 'es2022',
      sourcemap: true,
      // The manifest (dist/client/.vite, never served) names each route's chunks for the server's preload hints.
      manifest: true,
      ...(!isSsrBuild && {
        rolldownOptions: {
          input: { index: 'index.html', staff: staffHtmlSource },
          output: { codeSplitting: codeSplitting((id) => staff.has(id)), ...staffChunkNames(staff) },
        },
      }),
    },
  }
})
