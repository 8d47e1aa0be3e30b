import { describe, expect, it } from 'vitest'
import { createDb, openDb } from '../../server/db/createDb.ts'
import { MigrationLockTimeout, migrate, readMigrations } from '../../server/db/migrate.ts'
import { runMigrate } from '../server/helpers/runMigrate.ts'
import { freshDatabase, startupTimeout } from '../server/helpers/testDb.ts'
import { holdMigrationLock } from './helpers/heldMigrationLock.ts'

// Pool size, statement timeout and the migration lock's wait are PostgreSQL's (PGlite is one embedded connection).
describe('the PostgreSQL pool', () => {
  it(
    'opens at most DATABASE_POOL_MAX connections, however many queries wait',
    async () => {
      const fresh = await freshDatabase()
      const db = await createDb(fresh.url, undefined, { poolMax: 2 })
      try {
        const rows = await Promise.all(Array.from({ length: 6 }, () => db.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.1)')))
        expect(new Set(rows.map(([row]) => row?.pid)).size).toBe(2)
      } finally {
        await db.close()
        await fresh.drop()
      }
    },
    startupTimeout,
  )

  it(
    'gives up with a clear error, having applied nothing, when the migration lock stays held past its timeout',
    async () => {
      const fresh = await freshDatabase()
      const db = await openDb(fresh.url)
      // Another migrator, stuck.
      const other = await holdMigrationLock(fresh.url)
      try {
        const started = Date.now()
        const failed = await migrate(db, { lockTimeoutMs: 300 }).catch((error: unknown) => error)
        expect(failed).toBeInstanceOf(MigrationLockTimeout)
        expect((failed as Error).message).toBe(
          'Migrations did not run: another process held the migration lock for more than 300 ms (MIGRATION_LOCK_TIMEOUT_MS). Nothing was applied; run them again once it has finished.',
        )
        expect(Date.now() - started).toBeLessThan(5_000)
        expect(await db.query(`select to_regclass('schema_migrations') as t`)).toEqual([{ t: null }])

        const run = await runMigrate({ DATABASE_URL: fresh.url, MIGRATION_LOCK_TIMEOUT_MS: '300' })
        expect(run.code).toBe(1)
        expect(run.lines.at(-1)).toMatchObject({
          level: 60,
          msg: expect.stringMatching(/^Migrations did not run: another process held the migration lock for more than 300 ms/),
        })

        await other.release()
        expect(await migrate(db, { lockTimeoutMs: 300 })).toEqual(readMigrations().map((m) => m.name))
      } finally {
        await other.release()
        await db.close()
        await fresh.drop()
      }
    },
    startupTimeout,
  )

  it(
    'has PostgreSQL cancel a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS, but not a migration',
    async () => {
      const fresh = await freshDatabase()
      // Migrations run under this limit too and, exempt from it, still apply.
      const db = await createDb(fresh.url, undefined, { statementTimeoutMs: 200 })
      try {
        expect(await db.query('show statement_timeout')).toEqual([{ statement_timeout: '200ms' }])
        await expect(db.query('select pg_sleep(1)')).rejects.toMatchObject({ code: '57014' })
        expect(await db.query<{ ok: number }>('select 1 as ok')).toEqual([{ ok: 1 }])
      } finally {
        await db.close()
        await fresh.drop()
      }
    },
    startupTimeout,
  )
})
