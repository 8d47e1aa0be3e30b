import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../paths.ts'

// Everything the client bundle is made from; generated files are outputs of the build itself.
const inputs = ['src', 'machines', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json']
const generated = /\.gen\.ts$/
const stampName = '.build-stamp'

/** The newest modification time among the client's inputs. */
function newestInput(root: string): number {
  let newest = 0
  const visit = (path: string) => {
    if (!existsSync(path)) return
    const info = statSync(path)
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry))
    } else if (!generated.test(path)) {
      newest = Math.max(newest, info.mtimeMs)
    }
  }
  inputs.forEach((input) => visit(join(root, input)))
  return newest
}

// The API key is baked into the bundle at build time, so a changed key needs a new build.
const buildStamp = () =>
  createHash('sha256').update(process.env.VITE_API_KEY ?? process.env.API_KEY ?? 'storefront-sandbox-key').digest('hex')

/** Why dist/ must be rebuilt, or undefined when it is current. */
export function staleReason(root = repoRoot): string | undefined {
  const index = join(root, 'dist', 'index.html')
  if (!existsSync(index)) return 'no build yet'
  if (newestInput(root) > statSync(index).mtimeMs) return 'sources changed'
  const stamp = join(root, 'dist', stampName)
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== buildStamp()) return 'build settings changed'
  return undefined
}

/** Runs the Vite production build when dist/ is missing or older than its sources. */
export async function ensureBuild(root = repoRoot, log: (line: string) => void = console.log): Promise<boolean> {
  const reason = staleReason(root)
  if (!reason) return false
  log(`Building the client (${reason})...`)
  const { build } = await import('vite')
  // The bundle users get is always the production one, whatever NODE_ENV the shell has.
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root, mode: 'production', logLevel: 'warn' })
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
  writeFileSync(join(root, 'dist', stampName), buildStamp())
  return true
}
