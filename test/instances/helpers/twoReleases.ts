import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, copyFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/**
 * Two releases of the storefront built from this tree: the server compiled once, each with its own client built
 * with its own BUILD_ID (which the entry and the service worker carry, so their hashed names differ, and every
 * chunk that names them), as a production build (VITE_LAB=false). A client build takes a minute or two.
 */
export async function buildTwoReleases(ids: [string, string]): Promise<{ releases: [ReleaseProject, ReleaseProject]; remove(): void }> {
  const roots = ids.map(() => mkdtempSync(join(tmpdir(), 'storefront-release-')))
  const remove = () => {
    for (const root of roots) rmSync(root, { recursive: true, force: true })
  }
  try {
    const [first] = roots as [string, string]
    await buildServer(repoRoot, join(first, 'dist', 'server'))
    const releases = [] as ReleaseProject[]
    for (const [i, root] of roots.entries()) {
      copyFileSync(fromRoot('package.json'), join(root, 'package.json'))
      mkdirSync(join(root, 'dist'), { recursive: true })
      if (root !== first) cpSync(join(first, 'dist', 'server'), join(root, 'dist', 'server'), { recursive: true })
      await withEnvironment({ BUILD_ID: ids[i]!, VITE_LAB: 'false' }, () => buildApp(repoRoot, join(root, 'dist', 'client')))
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
