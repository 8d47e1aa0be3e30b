import { fromRoot } from '../paths.ts'
import { migrate } from './migrate.ts'
import type { MigrateOptions } from './migrate.ts'
import { openPostgres } from './postgres.ts'
import type { PoolSettings } from './postgres.ts'
import type { Db } from './types.ts'

export type { Db, Queryable } from './types.ts'
export type { PoolSettings } from './postgres.ts'

/** The on-disk home of the embedded database when DATABASE_URL is not set. */
export const defaultDataDir = fromRoot('.data', 'pglite')

/**
 * Opens the database named by url and brings its schema up to date (see migrate for `migration`).
 * undefined or '' -> PGlite under dataDir (.data/pglite); 'memory:' -> in-memory PGlite;
 * 'postgres://' or 'postgresql://' -> a PostgreSQL server, with `pool` (size, statement timeout).
 */
export async function createDb(
  url?: string,
  dataDir = defaultDataDir,
  pool: PoolSettings = {},
  migration: Omit<MigrateOptions, 'migrations'> = {},
): Promise<Db> {
  const db = await openDb(url, dataDir, pool)
  try {
    await migrate(db, migration)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}

/** Opens the database named by url as createDb does, without migrating it. */
export async function openDb(url = '', dataDir = defaultDataDir, pool: PoolSettings = {}): Promise<Db> {
  // Loaded only when asked for: a server on PostgreSQL never loads the embedded engine (its WebAssembly is large).
  if (url === '') return (await import('./pglite.ts')).openPglite(dataDir)
  if (url === 'memory:') return (await import('./pglite.ts')).openPglite()
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, pool)
  throw new Error('DATABASE_URL must be empty, "memory:", or a postgres:// URL')
}
