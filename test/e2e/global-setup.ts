/**
 * Once per e2e run: make sure a Chromium exists, build the client (unless E2E_SKIP_BUILD=1), start the
 * real server on a free port with an in-memory database, and hand its URL to the tests (`inject('baseUrl')`).
 * The teardown closes the server.
 *
 * The build goes to test-results/e2e-dist/, not dist/client/: `vite build` empties its output folder first, so a
 * build or `npm start` running at the same time would otherwise pull index.html from under the tests.
 * With E2E_SKIP_BUILD=1 the existing dist/client/ (from `npm run build`) is served as it is.
 */
import { execFileSync, execSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { buildApp } from '../../server/build/buildApp.ts'
import { renderFirstPages } from './firstPages.ts'
import { testScryptN } from '../server/helpers/accounts.ts'
import prepareDatabaseTemplate from '../server/helpers/databaseTemplate.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string
    /** Absolute path of the Chromium executable the tests launch. */
    chromePath: string
    /** The built client the server under test serves. */
    distDir: string
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const e2eDist = `${repoRoot}test-results/e2e-dist`
const screenshotDir = `${repoRoot}test-results/screenshots`

export const INSTALL_HINT = 'apt-get update && apt-get install -y chromium'

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** CHROME_PATH or Debian's /usr/bin/chromium; installs Debian's package when root with apt-get, else throws one line. */
export function ensureChromium(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium'
  if (existsSync(path)) return path
  if (process.env.CHROME_PATH) throw new Error(`CHROME_PATH=${path} does not exist: point CHROME_PATH at a Chromium, or unset it and run: ${INSTALL_HINT}`)
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot || !hasCommand('apt-get'))
    throw new Error(`Chromium not found at ${path}: run \`sudo ${INSTALL_HINT}\` (or set CHROME_PATH to a Chromium executable)`)
  console.log(`[e2e] Chromium not found at ${path}; installing Debian's chromium with apt-get…`)
  // Wait for another apt/dpkg run to finish instead of failing on its lock.
  execSync('apt-get -o DPkg::Lock::Timeout=900 update && apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends chromium', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing: set CHROME_PATH`)
  return path
}

async function buildClient(outDir: string): Promise<void> {
  const started = Date.now()
  await buildApp(repoRoot, outDir)
  console.log(`[e2e] built ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

interface RunningServer {
  url: string
  close: () => Promise<void>
}

async function startAppServer(distDir: string): Promise<RunningServer> {
  const { startServer } = await import('../../server/main.ts')
  // The tests' scrypt cost (test/server/accounts tests the real one): at 128 MB a hash, the sign-ins and password
  // changes of parallel tests queued behind each other on a busy 2-core CI machine past the 10 s a test waits for an answer.
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'memory:',
    seed: true,
    dev: false,
    distDir,
    quiet: true,
    shutdownGraceMs: 0,
    scryptN: testScryptN,
  })
  return { url: server.url.replace(/\/$/, ''), close: () => server.close() }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromePath = ensureChromium()
  // Failure screenshots of an earlier run would read as failures of this one.
  if (existsSync(screenshotDir)) for (const file of readdirSync(screenshotDir)) if (file.startsWith('failed-')) rmSync(`${screenshotDir}/${file}`)

  let distDir = e2eDist
  if (process.env.E2E_SKIP_BUILD === '1') {
    distDir = `${repoRoot}dist/client`
    if (!existsSync(`${distDir}/index.html`)) throw new Error('E2E_SKIP_BUILD=1 but dist/client/index.html is missing: run `npm run build` first')
  } else {
    await buildClient(distDir)
  }
  // One migrated database that each test's own server copies (ownServer.ts) instead of migrating its own.
  const dropTemplate = await prepareDatabaseTemplate(project)
  const server = await startAppServer(distDir)
  await renderFirstPages(server.url)
  console.log(`[e2e] server at ${server.url}, Chromium at ${chromePath}`)
  project.provide('baseUrl', server.url)
  project.provide('chromePath', chromePath)
  project.provide('distDir', distDir)
  return async () => {
    await server.close()
    await dropTemplate()
  }
}
