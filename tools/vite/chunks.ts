import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite'

/**
 * A phone on a slow network opens few connections, so the app comes in a few chunks instead of the thirty-odd small
 * ones automatic splitting makes from modules the lazy routes share. Before the page is idle: the entry with Vite's
 * preload helper, the libraries the first paint runs, the app shell (what every page shows), src/main.tsx on its own
 * (it awaits the page's route, whose chunk imports the shell: inside the shell it would wait for itself) and the
 * home page. Once it is idle (src/app/afterFirstPaint.ts): the device chunk, everything the boot work started then
 * needs (Dexie and the store, XState and the cart and auth actors, the syncs, the API client, the worker's
 * registration). Everything else (payments, charts, the portal, the lab) stays in its route's own lazy chunks.
 *
 * The groups are data: the first group that names a module takes it, and each group also takes what its modules
 * import, unless a group before it took that. test/docs/layout.test.ts checks that every path named here exists.
 */
export interface ChunkGroup {
  name: string
  /** The bundler's own helper modules, by a part of their id. */
  runtime?: readonly string[]
  /** Packages under node_modules: a name ending in "/" (a scope) or "-" takes every package it begins; otherwise that one package. */
  packages?: readonly string[]
  /** The app's files, and folders (ending in "/"), from the repository's root; `?tsr-split` names only a route's lazy part. */
  modules?: readonly string[]
  /** Files and folders under those modules that stay out of the group. */
  except?: readonly string[]
}

export const chunkGroups: readonly ChunkGroup[] = [
  // The entry (src/boot.ts) needs only these before the first frame.
  { name: 'preload', runtime: ['preload-helper', 'rolldown/runtime'] },
  { name: 'vendor', packages: ['react', 'react-dom', 'scheduler', '@tanstack/', '@lingui/', 'goober', 'valibot', 'use-sync-external-store', 'tiny-'] },
  {
    // The app's own first-paint code: the shell around every page (a few of its modules only ever load later).
    name: 'shell',
    modules: [
      'src/router.ts',
      'src/config.ts',
      'src/reportError.ts',
      'src/routeTree.gen.ts',
      'src/app/',
      'src/i18n/',
      'src/ui/',
      'src/pwa/',
      'src/lib/firstTaps.ts',
      'src/lib/sessionStore.ts',
      'src/lib/toaster.ts',
      'src/lib/idle.ts',
      'src/outbox/outbox.ts',
      'src/domain/product.ts',
      'src/domain/money.ts',
      'src/domain/cartState.ts',
      'src/domain/defined.ts',
      'src/features/cart/cart.ts',
      'src/features/account/session/authIntents.ts',
      'src/features/catalogue/firstPaint.ts',
    ],
    // Under those folders but not on the first paint: forms, tables and sections of lazy pages, and what boot work after idle loads.
    except: [
      'src/ui/forms/',
      'src/ui/Table.tsx',
      'src/ui/Section.tsx',
      'src/pwa/register.ts',
      'src/pwa/pwaRuntime.ts',
      'src/pwa/pwaEffects.ts',
      'src/pwa/installMemory.ts',
      'src/pwa/platform.ts',
      'src/app/outboxKinds.ts',
      'src/i18n/recordLanguage.ts',
    ],
  },
  { name: 'home', modules: ['src/routes/index.tsx?tsr-split', 'src/features/catalogue/'], except: ['src/features/catalogue/cachedCatalogue.ts'] },
  {
    // The app's connection, update and install state and the worker's registration, which every visit starts.
    name: 'pwa',
    packages: ['xstate', 'workbox-window'],
    modules: [
      'src/pwa/register.ts',
      'src/pwa/pwaRuntime.ts',
      'src/pwa/pwaEffects.ts',
      'src/pwa/installMemory.ts',
      'src/pwa/platform.ts',
      'machines/pwa.machine.ts',
    ],
  },
  {
    name: 'device',
    packages: ['dexie', 'dexie-react-hooks', '@xstate/'],
    modules: [
      'src/store/',
      'src/app/outboxKinds.ts',
      'src/outbox/outboxActor.ts',
      'src/features/cart/cartActor.ts',
      'src/features/account/session/authActor.ts',
      'src/features/catalogue/cachedCatalogue.ts',
    ],
  },
  {
    // The kinds of queued write a first visit has none of (src/app/outboxKinds.ts loads each with the first write of it
    // waiting), together: the pages that queue them and a drain that finds one load one chunk, not a dozen.
    name: 'queues',
    modules: [
      'src/features/account/profile/accountEditQueue.ts',
      'src/features/orders/orderOutbox.ts',
      'src/features/support/supportQueue.ts',
      'src/features/support/answerQueue.ts',
      'src/features/support/conversationsCache.ts',
      'src/features/portal/simActions/simRenameQueue.ts',
    ],
  },
]

/** Whether a module id (a path, perhaps with a query, on any platform) belongs to the group. */
export function inGroup(group: ChunkGroup, moduleId: string): boolean {
  const id = moduleId.replaceAll('\\', '/')
  const names = (paths: readonly string[] | undefined) => (paths ?? []).some((path) => id.includes(`/${path}`))
  const isPackage = (name: string) => id.includes(/[/-]$/.test(name) ? `/node_modules/${name}` : `/node_modules/${name}/`)
  return (group.runtime ?? []).some((part) => id.includes(part)) || (group.packages ?? []).some(isPackage) || (names(group.modules) && !names(group.except))
}

/** The groups as Rolldown's `output.codeSplitting`: the earlier group has the higher priority. */
export function codeSplitting() {
  return {
    groups: chunkGroups.map((group, index) => ({ name: group.name, test: (id: string) => inGroup(group, id), priority: chunkGroups.length - index })),
  }
}

/**
 * The chunks a page loads to start (src/main.tsx's and everything it imports) are in memory before any other code
 * runs an import, so the lists of what to fetch beside a lazy chunk (Vite's preload lists, kept in the shell) leave
 * them out: every route's list was naming the same five chunks again, bytes of every first visit. Only the entry's
 * own import of src/main.tsx lists them, to fetch them side by side. (A list only adds fetches made in parallel:
 * what a chunk imports loads with it, listed or not.)
 */
export function startedChunks(mainModule = 'src/main.tsx'): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  const started = new Set<string>()
  const plugin: Plugin = {
    name: 'started-chunks',
    // Before Vite writes the lists (its own generateBundle): the chunk of src/main.tsx and, import after import, its static imports.
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        started.clear()
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))
        const main = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${mainModule}`))
        const add = (fileName: string) => {
          if (started.has(fileName)) return
          started.add(fileName)
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) add(imported)
        }
        if (main) add(main.fileName)
      },
    },
  }
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (file, deps) => (started.has(file) ? deps : deps.filter((dep) => !started.has(dep)))
  return { plugin, resolveDependencies }
}
