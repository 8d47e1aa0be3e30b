import { join } from 'node:path'
import { staffBuildVariable } from '../../tools/vite/staffBuildFlag.ts'

/** Where the first-page renderer goes inside a build: a dot folder, which the static file server never serves. */
export const rendererDir = '.server'
export const rendererFile = 'entry-server.js'

/**
 * The client's production build: the client into outDir (dist/client/ by default), the staff app beside it, then the
 * server renderer of first pages into outDir/.server. The renderer bundles everything it imports, so it renders with the very modules the
 * browser hydrates with.
 */
export async function buildApp(root: string, outDir = join(root, 'dist', 'client')): Promise<void> {
  const { build } = await import('vite')
  // The bundle users get is always the production one, whatever NODE_ENV the shell (or vitest) has.
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    // The staff app: a build of its own into the same folder (tools/vite/staffApp.ts), sharing no chunk with the storefront.
    process.env[staffBuildVariable] = '1'
    try {
      await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: false } })
    } finally {
      delete process.env[staffBuildVariable]
    }
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: { ssr: 'src/entry-server.tsx', outDir: join(outDir, rendererDir), emptyOutDir: true, sourcemap: false, copyPublicDir: false },
    })
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}
