import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { buildApp } from '../../../server/build/buildApp.ts'
import { buildServer } from '../../../server/build/buildServer.ts'
import { fromRoot, repoRoot } from '../../../server/paths.ts'

/** A compiled project as `npm run build` leaves it, with a real client: what one release's instances run. */
export interface ReleaseProject {
  root: string
  /** The client's hashed files (dist/client/assets), by path under it. */
  assets: string[]
}

const withEnvironment = async <T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> => {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]))
  Object.assign(process.env, vars)
  try {
    return await run()
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** What the new release changes in the client's sources (file, text, replacement): a shared module and a lazy route's. */
export type SourceChange = [file: string, from: string, to: string]

// What the build and the run leave in the repository: never part of the sources a release is built from.
const notSources = new Set(['node_modules', '.git', 'dist', '.data', 'test-results', 'coverage'])

/** A copy of this tree's sources with changes applied (each must find its text), node_modules linked: where a new release is built. */
function changedSources(changes: SourceChange[]): string {
  const root = mkdtempSync(join(tmpdir(), 'storefront-sources-'))
  cpSync(repoRoot, root, { recursive: true, filter: (from) => !notSources.has(relative(repoRoot, from).split(sep)[0] ?? '') })
  for (const [file, from, to] of changes) {
    const text = readFileSync(join(root, file), 'utf8')
    if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: choose another change for the new release`)
    writeFileSync(join(root, file), text.replace(from, to))
  }
  symlinkSync(fromRoot('node_modules'), join(root, 'node_modules'), 'dir')
  return root
}

/** Builds the client of the sources at root into outDir in a process of its own started there. */
async function buildIn(root: string, outDir: string, env: Record<string, string>): Promise<void> {
  const script = `const { buildApp } = await import('./server/build/buildApp.ts'); await buildApp(process.cwd(), ${JSON.stringify(outDir)})`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`the new release's client build failed (${code}):\n${stderr}`)
}

/**
 * Two releases of the storefront: the server compiled once from this tree; the previous release's client built from
 * this tree, the new one's from a copy with `changes` (so the chunks holding them, and every chunk naming those, have
 * other hashed names), each with its own BUILD_ID (the entry and the service worker carry it), as production builds
 * (VITE_LAB=false). A client build takes half a minute to two.
 */
export async function buildTwoReleases(
  ids: [string, string],
  changes: SourceChange[],
): Promise<{ releases: [ReleaseProject, ReleaseProject]; remove(): void }> {
  const roots = ids.map(() => mkdtempSync(join(tmpdir(), 'storefront-release-')))
  const made: string[] = [...roots]
  const remove = () => {
    for (const root of made) rmSync(root, { recursive: true, force: true })
  }
  try {
    const [first] = roots as [string, string]
    await buildServer(repoRoot, join(first, 'dist', 'server'))
    const releases = [] as ReleaseProject[]
    for (const [i, root] of roots.entries()) {
      copyFileSync(fromRoot('package.json'), join(root, 'package.json'))
      mkdirSync(join(root, 'dist'), { recursive: true })
      if (root !== first) cpSync(join(first, 'dist', 'server'), join(root, 'dist', 'server'), { recursive: true })
      const outDir = join(root, 'dist', 'client')
      if (i === 0) await withEnvironment({ BUILD_ID: ids[i]!, VITE_LAB: 'false' }, () => buildApp(repoRoot, outDir))
      else {
        const sources = changedSources(changes)
        made.push(sources)
        // In its own folder, as `npm run build` there would (Lingui reads its config from the working directory).
        await buildIn(sources, outDir, { BUILD_ID: ids[i]!, VITE_LAB: 'false' })
      }
      symlinkSync(fromRoot('node_modules'), join(root, 'node_modules'), 'dir')
      releases.push({ root, assets: readdirSync(join(root, 'dist', 'client', 'assets'), { recursive: true }).map(String) })
    }
    return { releases: releases as [ReleaseProject, ReleaseProject], remove }
  } catch (error) {
    remove()
    throw error
  }
}

/** A round-robin balancer in front of targets: each request (and each of a connection's requests) goes to the next. */
export async function roundRobinProxy(
  targets: string[],
): Promise<{ url: string; answered: Array<{ path: string; target: number; status: number }>; server: Server }> {
  const answered: Array<{ path: string; target: number; status: number }> = []
  let next = 0
  const server = createServer((req, res) => {
    const target = next++ % targets.length
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || ['host', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
      }
      headers.set('X-Forwarded-For', req.socket.remoteAddress ?? '127.0.0.1')
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      fetch(`${targets[target]}${req.url}`, { method: req.method ?? 'GET', headers, body: body ?? null, redirect: 'manual' }).then(
        async (answer) => {
          answered.push({ path: req.url ?? '', target, status: answer.status })
          const out: Record<string, string | string[]> = {}
          answer.headers.forEach((value, name) => {
            // fetch decoded the body already.
            if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding' && name !== 'set-cookie') out[name] = value
          })
          const cookies = answer.headers.getSetCookie()
          if (cookies.length > 0) out['set-cookie'] = cookies
          const bytes = Buffer.from(await answer.arrayBuffer())
          res.writeHead(answer.status, out).end(bytes)
        },
        () => {
          answered.push({ path: req.url ?? '', target, status: 502 })
          res.writeHead(502).end()
        },
      )
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, answered, server }
}
