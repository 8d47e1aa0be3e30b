import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/createDb.ts'
import { migrate, readMigrations } from '../../server/db/migrate.ts'
import type { Db } from '../../server/db/types.ts'
import { fromRoot, repoRoot } from '../../server/paths.ts'
import { seed } from '../../server/seed/seed.ts'
import { apiKey } from '../server/helpers/accounts.ts'
import { writeFakeClient } from '../server/helpers/compiledServer.ts'
import { orderBody } from '../server/helpers/orders.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL
const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()

/**
 * The previous release, as far as the schema goes: the commit before the one that added the newest migration (the
 * last code that did not know it), or this commit when that migration is not committed yet. It needs the history
 * (.ci/run runs on a full clone).
 */
function previousRelease(): string {
  const newest = readMigrations().at(-1)!
  const added = git('log', '-1', '--format=%H', '--diff-filter=A', '--', `server/db/migrations/${newest.name}`)
  return added ? git('rev-parse', `${added}^`) : git('rev-parse', 'HEAD')
}

/**
 * Expand, then contract (docs/upgrades.md): during a rolling upgrade the previous release's instances keep serving
 * on the schema the new release migrated. Here the previous release's server, compiled from git history with today's
 * node_modules, serves on a database migrated by this release.
 */
describe.skipIf(!server)("the previous release's server on this release's schema (needs DATABASE_URL and git history)", () => {
  let commit: string
  let root: string
  let database: TestDatabase
  let db: Db
  let instances: Instance[] = []

  beforeAll(async () => {
    commit = previousRelease()
    root = mkdtempSync(join(tmpdir(), 'storefront-previous-'))
    const started = Date.now()
    // Its sources as committed, built with its own build (what `npm run build` did for its server then).
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${root}`], { cwd: repoRoot })
    symlinkSync(fromRoot('node_modules'), join(root, 'node_modules'), 'dir')
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const { buildServer } = await import('./server/build/buildServer.ts'); await buildServer(process.cwd())",
      ],
      { cwd: root, env: { ...process.env, BUILD_COMMIT: commit }, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    writeFakeClient(join(root, 'dist', 'client'), { lab: false })
    console.log(`[previous release] ${commit.slice(0, 7)} built in ${((Date.now() - started) / 1000).toFixed(0)} s`)

    database = await freshDatabase(server)
    db = await openDb(database.url, undefined, { poolMax: 2 })
    await migrate(db)
    await seed(db)
    instances = await startInstances(root, 1, stagingEnv(database.url, { SHUTDOWN_GRACE_MS: '0' }))
  }, 300_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    if (root) rmSync(root, { recursive: true, force: true })
  })

  it('starts on a schema with migrations it does not know, applying none and refusing nothing', async () => {
    const known = git('ls-tree', '--name-only', `${commit}:server/db/migrations`)
      .split('\n')
      .filter((name) => /^\d{3}_/.test(name))
    const applied = await db.query<{ name: string }>('select name from schema_migrations order by version')
    expect(applied.map((row) => row.name)).toEqual(readMigrations().map((m) => m.name))
    expect(known.length).toBeLessThan(applied.length)
    console.log(`[previous release] knows ${known.length} migrations; the schema has ${applied.length}`)
    expect((await fetch(`${instances[0]!.url}/readyz`)).status).toBe(200)
  })

  it('serves the catalogue, a sign-up and an order through its API', async () => {
    const [{ url }] = instances as [Instance]
    const bootstrap = await fetch(`${url}/api/v2/bootstrap`, { headers: { Key: apiKey } })
    expect(bootstrap.status).toBe(200)
    expect(JSON.stringify(await bootstrap.json())).toContain('"products"')
    const me = await signUpThrough(url, '198.51.100.20')
    const body = orderBody()
    const placed = await fetch(`${url}/api/v10/partner/order/${me.id}`, {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', Cookie: me.cookie, 'Idempotency-Key': body.order.id },
      body: JSON.stringify(body),
    })
    expect(placed.status).toBe(200)
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [me.id])
    expect(row?.n).toBe(1)
  })
})
