import { loadConfig, nameThisInstance } from '../config.ts'
import { createDb } from '../db/createDb.ts'
import { createLogger } from '../log.ts'
import { CatalogueRefused, catalogueCommand } from './catalogueCommand.ts'

/**
 * `npm run catalogue -- export <file>` / `import <file> [--dry-run]` (on the production install: `node
 * dist/server/catalogue.js import <file>`): migrates DATABASE_URL, exports or imports the catalogue and exits (0 done, 1 not).
 */
nameThisInstance()
const log = createLogger()
try {
  const config = loadConfig()
  log.level = config.logLevel
  const db = await createDb(config.databaseUrl, undefined, { poolMax: 1 }, { lockTimeoutMs: config.migrationLockTimeoutMs })
  try {
    for (const line of await catalogueCommand(db, process.argv.slice(2))) process.stdout.write(`${line}\n`)
  } finally {
    await db.close()
  }
} catch (error) {
  if (error instanceof CatalogueRefused) process.stderr.write(`${error.message}\n`)
  else log.fatal({ err: error }, error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
