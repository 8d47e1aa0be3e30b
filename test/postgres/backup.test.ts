import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteCustomer } from '../../server/accounts/deleteCustomer.ts'
import { createDb, openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/createDb.ts'
import { readMigrations } from '../../server/db/migrate.ts'
import { repoRoot } from '../../server/paths.ts'
import { seed } from '../../server/seed/seed.ts'
import { accountsApp, signUp } from '../server/helpers/accounts.ts'
import { orderBody, postOrder } from '../server/helpers/orders.ts'
import { startOwnPostgres } from './helpers/ownPostgres.ts'
import type { OwnPostgres } from './helpers/ownPostgres.ts'

const run = promisify(execFile)

/** `npm run reapply-deletions -- file` in a process of its own, as an operator runs it after a restore. */
const reapplyDeletions = (databaseUrl: string, file: string) =>
  run(process.execPath, ['--import', 'tsx', 'server/accounts/reapplyDeletionsMain.ts', file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })

// The recipe of docs/database-operations.md, command for command, on a PostgreSQL server of the test's own.
describe('a pg_dump backup restored into a fresh database', () => {
  let pg: OwnPostgres
  let dir: string
  let live: Db
  let restored: Db | undefined
  beforeAll(async () => {
    pg = await startOwnPostgres()
    dir = mkdtempSync(join(tmpdir(), 'storefront-backup-'))
    const admin = postgres(pg.url(), { max: 1, onnotice: () => {} })
    await admin.unsafe('create database storefront')
    await admin.unsafe('create database storefront_restored')
    await admin.end()
    live = await createDb(pg.url('storefront'))
    await seed(live)
  }, 60_000)
  afterAll(async () => {
    await restored?.close()
    await live?.close()
    await pg?.remove()
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('holds the migrations, customers and orders, and deletes again the accounts deleted after it was taken', async () => {
    const app = accountsApp(live)
    const kept = await signUp(app)
    const leaving = await signUp(app)
    for (const customer of [kept, leaving]) expect((await postOrder(app, customer.id, orderBody(), { cookie: customer.cookie })).status).toBe(200)
    const count = async (db: Db, table: string) => Number((await db.query<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n)

    const dump = join(dir, 'storefront.dump')
    await run(`${pg.bin}/pg_dump`, ['--format=custom', '--no-owner', `--file=${dump}`, pg.url('storefront')])
    // After the backup: one customer deletes their account.
    expect(await deleteCustomer(live, leaving.id)).toBe('deleted')

    await run(`${pg.bin}/pg_restore`, ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${pg.url('storefront_restored')}`, dump])
    restored = await openDb(pg.url('storefront_restored'))
    const migrations = await restored.query<{ name: string }>('select name from schema_migrations order by name')
    expect(migrations.map((m) => m.name)).toEqual(readMigrations().map((m) => m.name))
    for (const table of ['products', 'orders', 'order_lines']) expect(await count(restored, table), table).toBe(await count(live, table))
    expect(await restored.query('select id, email from customers order by id')).toEqual(
      await live.query(`select id, email from customers where id = $1 union all select $2::int, $3`, [kept.id, leaving.id, leaving.email]),
    )

    // The tombstones of the database the restore replaces, exported as the guide says, then applied to the restored one.
    const tombstones = join(dir, 'tombstones.csv')
    await run(`${pg.bin}/psql`, [pg.url('storefront'), '-v', 'ON_ERROR_STOP=1', '-c', `\\copy deleted_accounts to '${tombstones}' csv`])
    const { stdout } = await reapplyDeletions(pg.url('storefront_restored'), tombstones)
    expect(stdout).toContain('1 deleted accounts deleted again, 1 tombstones added')

    expect(await restored.query('select id from customers order by id')).toEqual([{ id: kept.id }])
    // The business keeps the order, detached from the person, as a deletion in the live database leaves it.
    expect(await restored.query('select customer_id from orders order by id')).toEqual(await live.query('select customer_id from orders order by id'))
    expect(await restored.query('select account_hash from deleted_accounts')).toEqual(await live.query('select account_hash from deleted_accounts'))
    // A second run finds nothing left to do.
    expect((await reapplyDeletions(pg.url('storefront_restored'), tombstones)).stdout).toContain('0 deleted accounts deleted again, 0 tombstones added')
  }, 90_000)
})
