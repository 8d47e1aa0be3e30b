import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Logger } from '../log.ts'
import { serverFile } from '../paths.ts'
import type { Db, Queryable } from './types.ts'

const migrationsDir = serverFile('server/db/migrations')
const fileName = /^(\d{3})_[a-z0-9_]+\.sql$/
/**
 * The advisory lock every migrator takes for its transaction (another process holding it is another instance migrating).
 * Any constant works; it only has to be the same in every process that migrates this database.
 */
export const migrationLockKey = 7_316_245

/** How long a migrator waits for a lock (another's migrations, or a table a migration alters) before giving up. */
export const defaultMigrationLockTimeoutMs = 60_000

/** Thrown when the lock wait runs out: nothing was applied, and trying again later is safe. */
export class MigrationLockTimeout extends Error {
  constructor(waitedFor: 'the migration lock' | 'a table lock', timeoutMs: number, options: ErrorOptions) {
    super(
      waitedFor === 'the migration lock'
        ? `Migrations did not run: another process held the migration lock for more than ${timeoutMs} ms (MIGRATION_LOCK_TIMEOUT_MS). Nothing was applied; run them again once it has finished.`
        : `Migrations did not run: a table they alter stayed locked by other sessions for more than ${timeoutMs} ms (MIGRATION_LOCK_TIMEOUT_MS). Nothing was applied; run them again when the database is quieter.`,
      options,
    )
    this.name = 'MigrationLockTimeout'
  }
}

export interface Migration {
  version: number
  name: string
  sql: string
}

/** Migration files in version order; a gap or duplicate version is a packaging error. */
export function readMigrations(dir = migrationsDir): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => fileName.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 3)), name, sql: readFileSync(join(dir, name), 'utf8') }))
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migration ${m.name} should have version ${i + 1}`)
  })
  return migrations
}

export interface MigrateOptions {
  migrations?: Migration[]
  /** See defaultMigrationLockTimeoutMs; 0 waits for ever. */
  lockTimeoutMs?: number
  /** Where the migrator says what it did (the migrations it applied, or that the schema was up to date) and any wait for another's lock. */
  log?: Logger
}

/** What one migrator did: the migrations it applied, and the schema's version after. */
interface Migrated {
  applied: string[]
  schemaVersion: number
}

/**
 * Applies pending migrations in one transaction; returns the names it applied. Several processes may call it at
 * once on one database: they take turns under a lock, so each migration runs once. A lock not had within
 * lockTimeoutMs fails it with MigrationLockTimeout, having applied nothing.
 */
export async function migrate(
  db: Db,
  { migrations = readMigrations(), lockTimeoutMs = defaultMigrationLockTimeoutMs, log }: MigrateOptions = {},
): Promise<string[]> {
  let waitingFor: 'the migration lock' | 'a table lock' = 'the migration lock'
  try {
    const migrated = await db.transaction(async (tx): Promise<Migrated> => {
      // A migration (or the wait for another server's) may outlast DATABASE_STATEMENT_TIMEOUT_MS, which is for requests.
      await tx.exec('set local statement_timeout = 0')
      // Without a bound, a migrator stuck behind a long transaction would queue every query of the app behind it.
      await tx.exec(`set local lock_timeout = ${Math.trunc(lockTimeoutMs)}`)
      // Two servers starting together against one PostgreSQL must not both apply 001.
      await takeMigrationLock(tx, log)
      waitingFor = 'a table lock'
      return applyPending(tx, migrations)
    })
    log?.info(migrated, migrated.applied.length > 0 ? `applied ${migrated.applied.length} migrations` : 'the schema is up to date')
    return migrated.applied
  } catch (error) {
    // 55P03 lock_not_available: the lock_timeout ran out.
    if ((error as { code?: unknown } | undefined)?.code === '55P03') throw new MigrationLockTimeout(waitingFor, lockTimeoutMs, { cause: error })
    throw error
  }
}

/** Takes the migration lock in tx; a lock another migrator holds is waited for, and the wait said as it begins and once it is over. */
async function takeMigrationLock(tx: Queryable, log: Logger | undefined): Promise<void> {
  const [free] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [migrationLockKey])
  if (free?.locked) return
  log?.info('waiting for the migration lock: another process is migrating')
  const since = performance.now()
  await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey])
  const waitedMs = Math.round(performance.now() - since)
  log?.info({ waitedMs }, `waited ${waitedMs} ms for the migration lock another process held`)
}

async function applyPending(tx: Queryable, migrations: Migration[]): Promise<Migrated> {
  await tx.exec(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`)
  const rows = await tx.query<{ version: number }>('select version from schema_migrations')
  const applied = new Set(rows.map((r) => r.version))
  const pending = migrations.filter((m) => !applied.has(m.version))
  for (const m of pending) {
    await tx.exec(m.sql)
    await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name])
  }
  // The database's own word: a newer release may have applied migrations this one does not know.
  const schemaVersion = Math.max(0, ...applied, ...pending.map((m) => m.version))
  return { applied: pending.map((m) => m.name), schemaVersion }
}
