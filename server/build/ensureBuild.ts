import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../paths.ts'
import { buildApp, rendererDir, rendererFile } from './buildApp.ts'

// Everything the client bundle is made from; generated files are outputs of the build itself.
const inputs = ['src', 'machines', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'tools/vite', 'lingui.config.ts', 'package-lock.json']
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
  for (const input of inputs) visit(join(root, input))
  return newest
}

// The lab switch is the one setting the bundle is built with (deployment settings reach the page at run time).
export const buildStamp = (): string =>
  createHash('sha256')
    .update(`lab=${process.env.VITE_LAB === 'false' ? 'false' : 'true'}`)
    .digest('hex')

const builtClient = (root: string) => join(root, 'dist', 'client')

/** Why dist/client/ must be rebuilt, or undefined when it is current. */
export function staleReason(root = repoRoot): string | undefined {
  const dir = builtClient(root)
  const index = join(dir, 'index.html')
  if (!existsSync(index)) return 'no build yet'
  if (newestInput(root) > statSync(index).mtimeMs) return 'sources changed'
  if (!existsSync(join(dir, rendererDir, rendererFile))) return 'no page renderer yet'
  const stamp = join(dir, stampName)
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== buildStamp()) return 'build settings changed'
  return undefined
}

/** `npm start`: runs the client's production build when dist/client/ is missing or older than its sources. */
export async function ensureBuild(log: (line: string) => void, root = repoRoot): Promise<boolean> {
  const reason = staleReason(root)
  if (!reason) return false
  log(`Building the client (${reason})...`)
  await buildNow(root)
  return true
}

/** The client's production build into dist/client/, stamped with the settings it was made with. */
export async function buildNow(root = repoRoot): Promise<void> {
  const dir = builtClient(root)
  await buildApp(root, dir)
  writeFileSync(join(dir, stampName), buildStamp())
}
