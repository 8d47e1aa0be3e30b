import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { zaTowns } from './src/features/address/townsPlugin.ts'
import { codeSplitting, startedChunks } from './tools/vite/chunks.ts'
import { englishByModule } from './tools/vite/englishByModule.ts'
import { i18nCatalogues } from './tools/vite/i18nCatalogues.ts'
import { localizedManifests, webManifest } from './tools/vite/manifest.ts'
import { sourceTransforms } from './tools/vite/sourceTransforms.ts'
import { staffApp, staffAssets, staffBuild, staffHtmlBuilt } from './tools/vite/staffApp.ts'
import { isStaffBuild } from './tools/vite/staffBuildFlag.ts'

/**
 * The client's build (and `npm run dev`): the plugins that make the bundle, each in its own module under tools/vite/
 * (the chunk groups are data there: chunks.ts). The tests have their own config, vitest.config.ts.
 */
export default defineConfig(async ({ isSsrBuild }) => {
  // The server renderer of first pages (server/build/buildApp.ts) needs neither the catalogues, the manifests nor a worker.
  // The staff app (/staff) is a build of its own, after the storefront's (server/build/buildApp.ts): its own entry and
  // chunks, libraries included, so nothing of it changes a byte of what the storefront's customers load.
  if (isStaffBuild()) return staffBuild()
  const manifest = isSsrBuild ? undefined : await webManifest()
  const started = startedChunks()
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
      // In `npm run dev` the staff app's page answers every /staff navigation.
      staffApp(),
      manifest && [
        started.plugin,
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
        rolldownOptions: { output: { codeSplitting: codeSplitting() } },
        modulePreload: { resolveDependencies: started.resolveDependencies },
      }),
    },
  }
})
