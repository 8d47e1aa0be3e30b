import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serverFile } from '../paths.ts'
import type { Db } from './types.ts'

const migrationsDir = serverFile('server/db/migrations')
const fileName = /^(\d{3})_[a-z0-9_]+\.sql$/
// Any constant works; it only has to be the same in every process that migrates this database.
const lockKey = 7_316_245

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

/** Applies pending migrations in one transaction; returns the names it applied. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Two servers starting together against one PostgreSQL must not both apply 001.
    // A migration (or the wait for another server's) may outlast DATABASE_STATEMENT_TIMEOUT_MS, which is for requests.
    await tx.exec('set local statement_timeout = 0')
    await tx.query('select pg_advisory_xact_lock($1)', [lockKey])
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
    return pending.map((m) => m.name)
  })
}
