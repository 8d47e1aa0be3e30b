import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder of the server's code: server/ when it runs from source (tsx, vitest), dist/server/ once compiled
 * (`npm run build` bundles everything into dist/server/main.js), since this module is inside either.
 */
const serverDir = fileURLToPath(new URL('.', import.meta.url))

/** The nearest folder above `from` holding package.json. */
function projectFolder(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

/**
 * The project folder: the repository, or wherever the compiled server was installed with its package.json
 * (the image's /app). Resolved from this file, not the working directory, so the server starts from anywhere.
 */
export const repoRoot = `${projectFolder(serverDir)}/`
export const fromRoot = (...parts: string[]): string => join(repoRoot, ...parts)

/**
 * A file the server reads at run time (migrations, product images, the sandboxes', mails' and push notifications' messages, the legal templates), by its path in the
 * repository. The build copies each beside the compiled server at the same path under dist/, so one path serves
 * both: server/db/migrations is dist/server/db/migrations there.
 */
export const serverFile = (...parts: string[]): string => join(serverDir, '..', ...parts)

/** What the build copies into dist/ for serverFile: keep it in step with the serverFile paths above. */
export const serverFiles = ['server/db/migrations', 'server/seed/images', 'locales/sandbox', 'locales/mail', 'locales/push', 'legal/templates'] as const

/** The built client `npm start` and the compiled server serve (a dist/client/ beside dist/server/). */
export const clientDir = fromRoot('dist', 'client')
