import { cpSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { supportedNodeMajor } from '../nodeVersion.ts'
import { serverFiles } from '../paths.ts'
import { releaseOf } from '../release.ts'
import { bundleWidget } from '../sandbox/payments/widgetScript.ts'

/** The compiled server's entry points, by the file each becomes in dist/server/. */
export const serverEntries = {
  main: 'server/serveMain.ts',
  migrate: 'server/db/migrateMain.ts',
  reapplyDeletions: 'server/accounts/reapplyDeletionsMain.ts',
  staffInvite: 'server/staff/staffInviteMain.ts',
  catalogue: 'server/catalogue/catalogueMain.ts',
  // A worker thread's entry (server/pictures/resizePicture.ts starts it beside itself).
  resizeWorker: 'server/pictures/resizeWorker.ts',
} as const

/** The entries an operator runs: each checks the Node version before it loads anything else (nodeGate). */
export const operatorEntries: ReadonlySet<keyof typeof serverEntries> = new Set(['main', 'migrate', 'reapplyDeletions', 'staffInvite', 'catalogue'])

const gatePrefix = '\0node-gate:'

/**
 * Each operator entry's file is a gate: it imports server/nodeVersion.ts alone and, on a Node older than `needed`,
 * logs why and exits 1; otherwise it imports the entry's module. A module's static imports are all loaded (and must
 * parse) before its own code runs, so the check cannot sit in the entry itself: the server's code is a dynamic import.
 */
function nodeGate(root: string, needed: number): Plugin {
  return {
    name: 'storefront-node-gate',
    resolveId: (id) => (id.startsWith(gatePrefix) ? id : undefined),
    load(id) {
      if (!id.startsWith(gatePrefix)) return undefined
      const entry = join(root, serverEntries[id.slice(gatePrefix.length) as keyof typeof serverEntries])
      return `import { refuseOldNode } from ${JSON.stringify(join(root, 'server', 'nodeVersion.ts'))}\nif (!refuseOldNode(${needed})) await import(${JSON.stringify(entry)})\n`
    },
  }
}

/**
 * The server compiled to plain JavaScript for `node` (`npm run serve`): every module of server/ and src/ it imports
 * and every library among them (Hono, pino, postgres, nodemailer, the identity libraries, Lingui's .po reader) bundled
 * into outDir. Only the packages of `dependencies` stay imports (the embedded database, whose WebAssembly and data
 * files load from its own folder, and which only a server without a PostgreSQL URL imports), so `npm ci --omit=dev`
 * is all it needs beside it. Vite is only imported for `--dev`, which the compiled server is never run with, and to
 * bundle the sandbox's card widget for browsers: that is done here, its script built into the server as a string.
 * Then the files the server reads at run time are copied to their places under dist/ (server/paths.ts serverFile).
 * The entries an operator runs refuse a Node older than package.json's engines before they load anything (nodeGate).
 */
export async function buildServer(root: string, outDir = join(root, 'dist', 'server')): Promise<void> {
  const { build } = await import('vite')
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; engines: { node: string } }
  const runtime = [...Object.keys(manifest.dependencies), 'vite']
  const external = (id: string) => id.startsWith('node:') || builtinModules.includes(id) || runtime.some((name) => id === name || id.startsWith(`${name}/`))
  const widget = await bundleWidget()
  await build({
    root,
    // Not vite.config.ts: that one builds the client (React, the service worker, the catalogues).
    configFile: false,
    plugins: [nodeGate(root, supportedNodeMajor(manifest.engines.node))],
    mode: 'production',
    logLevel: 'warn',
    define: { __SANDBOX_WIDGET__: JSON.stringify(widget), __RELEASE__: JSON.stringify(releaseOf(root, process.env.BUILD_COMMIT)) },
    ssr: { target: 'node', noExternal: true },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node24',
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: Object.fromEntries(
          Object.entries(serverEntries).map(([name, path]) => [name, operatorEntries.has(name as keyof typeof serverEntries) ? `${gatePrefix}${name}` : path]),
        ),
        external,
        // Bundled libraries' own direct eval (koa's depd, behind the sandbox identity provider) is theirs to answer for.
        onLog: (level, log, handler) => {
          if (log.code !== 'EVAL') handler(level, log)
        },
        // Flat in outDir, entries and shared chunks alike, so paths.ts finds dist/ one folder up from any of them.
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  })
  for (const path of serverFiles) cpSync(join(root, path), join(outDir, '..', path), { recursive: true })
}
