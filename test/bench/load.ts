import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import type { Options, Result } from 'autocannon'
import { repoRoot } from '../../server/paths.ts'
import { apiKey, testScryptN } from '../server/helpers/accounts.ts'
import { signUpAt, spawnEntry, spawnServer } from '../server/helpers/childServer.ts'
import type { ChildServer } from '../server/helpers/childServer.ts'
import { makeFakeDist } from '../server/helpers/fakeDist.ts'
import { orderBody } from '../server/helpers/orders.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'

const run = promisify(execFile)
const bareEntry = fileURLToPath(new URL('./bareServer.ts', import.meta.url))
// Loopback only, 10 connections, a fixed time per run: the bench stops by itself.
const connections = 10
const seconds = 6
// Catalogue reads: this many alternating one-second rounds of each server.
const catalogueRounds = 8
const warmUpSeconds = 1
export const catalogueBudget = 0.7

export interface Run {
  rps: number
  p99: number
  /** Socket errors and timeouts. */
  errors: number
  non2xx: number
}

export interface LoadFigures extends CatalogueFigures {
  orders: { pglite: Run; postgres: Run | { skipped: string } }
}

const figures = (r: Result): Run => ({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Runs of equal length as one: mean rate, worst p99, faults added up. */
const combined = (runs: Run[]): Run => ({
  rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
  p99: Math.max(...runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
})

const cannon = async (options: Options, duration = seconds) => figures(await autocannon({ connections, timeout: 10, ...options, duration }))

export interface CatalogueFigures {
  catalogue: Run
  bare: Run
  /**
   * Catalogue reads per second over the bare endpoint's: the median of the rounds' ratios, each round of the store
   * paired with the bare round just before it, so a burst of other work on the shared machine moves one pair, not the figure.
   */
  ratio: number
  /** Every round's ratio, in order. */
  ratios: number[]
}

// As in production: every request logged (to /dev/null, at info), with its id, trace and metrics.
const serverOptions = (distDir: string) => ({
  port: 0,
  host: '127.0.0.1',
  seed: true,
  apiKey,
  scryptN: testScryptN,
  distDir,
  logFile: '/dev/null',
  metrics: { host: '127.0.0.1', port: 0, token: '' },
})

/** Catalogue reads against the bare Hono floor, measured in the same run on `store` (a server started with serverOptions). */
async function catalogueAgainstBare(store: ChildServer, start: (promise: Promise<ChildServer>) => Promise<ChildServer>): Promise<CatalogueFigures> {
  const temp = mkdtempSync(join(tmpdir(), 'storefront-load-'))
  try {
    const catalogueUrl = `${store.url}/api/v2/bootstrap`
    const bytes = await (await fetch(catalogueUrl, { headers: { Key: apiKey } })).text()
    writeFileSync(join(temp, 'catalogue.json'), bytes)
    const bare = await start(spawnEntry(bareEntry, join(temp, 'catalogue.json')))
    const read = { headers: { Key: apiKey } }
    await cannon({ url: `${bare.url}/api/v2/bootstrap`, ...read }, warmUpSeconds)
    await cannon({ url: catalogueUrl, ...read }, warmUpSeconds)
    // Alternating short rounds, so a change in the machine's load (it is shared) falls on both servers alike.
    const bareRuns: Run[] = []
    const catalogueRuns: Run[] = []
    for (let round = 0; round < catalogueRounds; round++) {
      bareRuns.push(await cannon({ url: `${bare.url}/api/v2/bootstrap`, ...read }, 1))
      catalogueRuns.push(await cannon({ url: catalogueUrl, ...read }, 1))
    }
    await bare.stop()
    const ratios = catalogueRuns.map((run, i) => run.rps / bareRuns[i]!.rps)
    return { catalogue: combined(catalogueRuns), bare: combined(bareRuns), ratio: median(ratios), ratios }
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
}

/** Servers started for a bench, stopped together at its end. */
async function withServers<T>(use: (start: (promise: Promise<ChildServer>) => Promise<ChildServer>) => Promise<T>): Promise<T> {
  const servers: ChildServer[] = []
  // Each server runs in its own process, so autocannon (this process) never shares its event loop.
  const start = async (promise: Promise<ChildServer>) => {
    const server = await promise
    servers.push(server)
    return server
  }
  try {
    return await use(start)
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
}

/** `npm run bench:catalogue`: only the catalogue reads against the bare floor (the ratio the budget holds). */
export async function benchCatalogue(): Promise<CatalogueFigures> {
  const dist = makeFakeDist()
  try {
    return await withServers(async (start) => catalogueAgainstBare(await start(spawnServer({ ...serverOptions(dist.dir), databaseUrl: 'memory:' })), start))
  } finally {
    dist.remove()
  }
}

/** Server figures: catalogue reads against a bare Hono floor, and order creation on PGlite and PostgreSQL. */
export async function benchLoad(): Promise<LoadFigures> {
  const dist = makeFakeDist()
  const options = serverOptions(dist.dir)
  try {
    return await withServers(async (start) => {
      const store = await start(spawnServer({ ...options, databaseUrl: 'memory:' }))
      const catalogue = await catalogueAgainstBare(store, start)
      const pglite = await orders(store)
      await store.stop()
      const postgres = await onPostgres((databaseUrl) => start(spawnServer({ ...options, databaseUrl })))
      return { ...catalogue, orders: { pglite, postgres } }
    })
  } finally {
    dist.remove()
  }
}

/** One customer places orders as fast as 10 connections allow, each with its own Idempotency-Key (= order.id). */
async function orders(server: ChildServer): Promise<Run> {
  const me = await signUpAt(server.url)
  const placeholder = '00000000-0000-4000-8000-000000000000'
  const template = JSON.stringify(orderBody(undefined, { id: placeholder }))
  const fresh = (request: { headers?: Record<string, string> }) => {
    const key = randomUUID()
    return { ...request, headers: { ...request.headers, 'Idempotency-Key': key }, body: template.replace(placeholder, key) }
  }
  const load: Options = {
    url: `${server.url}/api/v10/partner/order/${me.id}`,
    method: 'POST',
    headers: { Key: apiKey, 'Content-Type': 'application/json', Cookie: me.cookie },
    requests: [{ setupRequest: fresh }],
  }
  await cannon(load, warmUpSeconds)
  return cannon(load)
}

/** Order figures on PostgreSQL (see withPostgres), on a fresh schema of their own. */
function onPostgres(startOn: (databaseUrl: string) => Promise<ChildServer>): Promise<Run | { skipped: string }> {
  return withPostgres(async (serverUrl) => {
    const database = await freshDatabase(serverUrl)
    try {
      const server = await startOn(database.url)
      try {
        return await orders(server)
      } finally {
        await server.stop()
      }
    } finally {
      await database.drop()
    }
  })
}

/**
 * Runs use on a PostgreSQL server: DATABASE_URL when set, otherwise a throwaway one from .ci/postgres.sh on its own
 * port and folder (so a test run using the default one is never touched), stopped afterwards. Skipped, never failed, without it.
 */
export async function withPostgres<T>(use: (serverUrl: string) => Promise<T>): Promise<T | { skipped: string }> {
  const own = !process.env.DATABASE_URL
  const env = { ...process.env, CI_PG_PORT: '5434', CI_PG_DIR: join(tmpdir(), 'storefront-bench-postgres') }
  const script = join(repoRoot, '.ci', 'postgres.sh')
  let serverUrl = process.env.DATABASE_URL
  if (own) {
    try {
      const { stdout } = await run('bash', [script, 'start'], { env, timeout: 600_000 })
      serverUrl = /export DATABASE_URL=(\S+)/.exec(stdout)?.[1]
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? error)
        .trim()
        .split('\n')
        .at(-1)
      return { skipped: `.ci/postgres.sh could not start it (${stderr})` }
    }
    if (!serverUrl) return { skipped: '.ci/postgres.sh printed no DATABASE_URL' }
  }
  try {
    return await use(serverUrl!)
  } finally {
    if (own) await run('bash', [script, 'stop'], { env, timeout: 120_000 }).catch(() => {})
  }
}
