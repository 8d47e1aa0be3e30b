import { fileURLToPath } from 'node:url'
import type { Plugin, UserConfig } from 'vite'
import { sourceTransforms } from './sourceTransforms.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The staff app's page in the source tree (its own Vite entry) and where the build writes it (served for /staff…). */
export const staffHtmlSource = 'src/staff/index.html'
export const staffHtmlBuilt = 'staff/index.html'
/** Where the build writes every chunk only the staff app loads: the customer's precache ignores the folder. */
export const staffAssets = 'assets/staff'
/** A navigation to the staff app: /staff and anything under it that is not a file. */
const STAFF_ROUTE = /^\/staff(\/[^.]*)?(\?.*)?$/

/**
 * The staff app's own build, into the same folder after the storefront's (which it never empties): its page to
 * staff/index.html and every file it loads under assets/staff/, its own copy of React and the other libraries
 * included. Sharing the storefront's library chunk would change that chunk (the exports the staff app names), so a
 * customer's first visit would grow with every staff screen.
 */
export function staffBuild(): UserConfig {
  return {
    envPrefix: 'VITE_BUILD_',
    plugins: [...sourceTransforms(), staffApp()],
    publicDir: false,
    build: {
      target: 'es2022',
      sourcemap: true,
      emptyOutDir: false,
      // The storefront's manifest (dist/client/.vite) names its chunks for the server's preload hints: left as it is.
      manifest: false,
      rolldownOptions: {
        input: { staff: staffHtmlSource },
        output: {
          entryFileNames: `${staffAssets}/[name]-[hash].js`,
          chunkFileNames: `${staffAssets}/[name]-[hash].js`,
          assetFileNames: `${staffAssets}/[name]-[hash][extname]`,
        },
      },
    },
  }
}

/**
 * The staff app as a page of its own build: its entry, its page written to staff/index.html (served by the
 * server for /staff…, never as a file of the storefront), and in `npm run dev` its page for every /staff navigation.
 */
export function staffApp(): Plugin {
  return {
    name: 'staff-app:page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? ''
        if (req.method === 'GET' && STAFF_ROUTE.test(req.url ?? '') && accept.includes('text/html')) req.url = `/${staffHtmlSource}`
        next()
      })
    },
    // Vite's polyfill for modulepreload (browsers without it have no passkeys either) would otherwise become a chunk
    // both pages share: the storefront's first visit would load one file more.
    transform: {
      order: 'post',
      handler(code, id) {
        if (id.replaceAll('\\', '/') === `${root}${staffHtmlSource}`) return { code: code.replace(`import "vite/modulepreload-polyfill";\n`, ''), map: null }
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle[staffHtmlSource]
        if (page?.type !== 'asset') return
        delete bundle[staffHtmlSource]
        // The storefront's web manifest is no page's but the storefront's: the staff app is not installed.
        const html = String(page.source).replace(/<link rel="manifest"[^>]*>/, '')
        this.emitFile({ type: 'asset', fileName: staffHtmlBuilt, source: html })
      },
    },
  }
}
