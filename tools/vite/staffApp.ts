import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The staff app's page in the source tree (its own Vite entry) and where the build writes it (served for /staff…). */
export const staffHtmlSource = 'src/staff/index.html'
export const staffHtmlBuilt = 'staff/index.html'
/** Where the build writes every chunk only the staff app loads: the customer's precache ignores the folder. */
export const staffAssets = 'assets/staff'
/** A navigation to the staff app: /staff and anything under it that is not a file. */
const STAFF_ROUTE = /^\/staff(\/[^.]*)?(\?.*)?$/

/**
 * Which modules only the staff app reaches: everything the customer's page (index.html) does not, once the build has
 * read the whole graph. Until then (and in dev) a module under src/staff/ or a staff catalogue is the staff's.
 */
export interface StaffModules {
  has(id: string): boolean
}

export function staffModules(): StaffModules & { plugin: Plugin } {
  let graphs: { customer: Set<string>; staff: Set<string> } | undefined
  const byPath = (id: string) => /\/src\/staff\/|\/locales\/staff\//.test(id.replaceAll('\\', '/'))
  return {
    // The bundler's own helpers belong to neither graph: they stay where the customer's chunk groups put them.
    has: (id) => (graphs ? graphs.staff.has(id) && !graphs.customer.has(id) : byPath(id)),
    plugin: {
      name: 'staff-app:modules',
      apply: 'build',
      buildStart() {
        graphs = undefined
      },
      buildEnd() {
        // Every module each page imports, statically or lazily: what the customer's reaches stays in its chunks.
        const ids = [...this.getModuleIds()]
        const reached = (page: string) => {
          const entry = ids.find((id) => id.replaceAll('\\', '/') === `${root}${page}`)
          const seen = new Set<string>()
          const visit = (id: string) => {
            if (seen.has(id)) return
            seen.add(id)
            const info = this.getModuleInfo(id)
            for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) visit(next)
          }
          if (entry) visit(entry)
          return entry ? seen : undefined
        }
        const customer = reached('index.html')
        const staff = reached(staffHtmlSource)
        graphs = customer && staff ? { customer, staff } : undefined
      },
    },
  }
}

/**
 * The staff app as a second page of the build: its entry, its page written to staff/index.html (served by the
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

/** Chunk names: what only the staff app loads under assets/staff/, recognisable and left out of the precache. */
export function staffChunkNames(modules: StaffModules) {
  const onlyStaff = (chunk: { moduleIds: readonly string[] }) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => modules.has(id))
  return {
    entryFileNames: (chunk: { moduleIds: readonly string[] }) => (onlyStaff(chunk) ? `${staffAssets}/[name]-[hash].js` : 'assets/[name]-[hash].js'),
    chunkFileNames: (chunk: { moduleIds: readonly string[] }) => (onlyStaff(chunk) ? `${staffAssets}/[name]-[hash].js` : 'assets/[name]-[hash].js'),
  }
}
