import { brandThisProcess } from '../brand/shopBrand.ts'
import { loadConfig, nameThisInstance } from '../config.ts'
import { createDb } from '../db/createDb.ts'
import { createLogger } from '../log.ts'
import { staffInviteCommand } from './staffInviteCommand.ts'

/**
 * `npm run staff:invite -- --email … --name … --role owner` (on the production install: `node dist/server/staffInvite.js
 * --email …`): migrates DATABASE_URL, makes the invitation, prints its link and exits (0 done, 1 not).
 */
nameThisInstance()
const log = createLogger()
try {
  const config = loadConfig()
  log.level = config.logLevel
  brandThisProcess(config.brand)
  const db = await createDb(config.databaseUrl, undefined, { poolMax: 1 }, { lockTimeoutMs: config.migrationLockTimeoutMs })
  try {
    for (const line of await staffInviteCommand(db, config, process.argv.slice(2))) process.stdout.write(`${line}\n`)
  } finally {
    await db.close()
  }
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
