import { loadConfig, nameThisInstance } from '../config.ts'
import { createLogger } from '../log.ts'
import { openDb } from './createDb.ts'
import { migrate } from './migrate.ts'

/**
 * `npm run migrate`: brings DATABASE_URL's schema up to date and exits (0 done, 1 not), as a release step before new
 * instances start. Servers still migrate at start; with the schema already current, they apply nothing.
 */
nameThisInstance()
const log = createLogger()
try {
  const config = loadConfig()
  log.level = config.logLevel
  const db = await openDb(config.databaseUrl, undefined, { poolMax: 1 })
  try {
    await migrate(db, { lockTimeoutMs: config.migrationLockTimeoutMs, log })
  } finally {
    await db.close()
  }
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
