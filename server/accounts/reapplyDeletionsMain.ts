import { readFileSync } from 'node:fs'
import { loadConfig, nameThisInstance } from '../config.ts'
import { createDb } from '../db/createDb.ts'
import { createLogger } from '../log.ts'
import { reapplyDeletions } from './reapplyDeletions.ts'

/**
 * `npm run reapply-deletions [-- tombstones.csv]`, after a restore: migrates DATABASE_URL (a backup may predate the
 * tombstone table), takes in the file's tombstones (`\copy deleted_accounts to 'tombstones.csv' csv` on the database
 * the restore replaces, or a newer backup), deletes every account they name, and exits (0 done, 1 not).
 */
nameThisInstance()
const log = createLogger()
try {
  const config = loadConfig()
  log.level = config.logLevel
  const file = process.argv[2]
  const tombstones = file ? parseTombstones(readFileSync(file, 'utf8')) : []
  const db = await createDb(config.databaseUrl, undefined, { poolMax: 1 }, { lockTimeoutMs: config.migrationLockTimeoutMs })
  try {
    const outcome = await reapplyDeletions(db, tombstones)
    log.info(
      outcome,
      `${outcome.deleted} deleted accounts deleted again, ${outcome.added} tombstones added${outcome.waiting ? `, ${outcome.waiting} waiting for a wallet charge: run again later` : ''}`,
    )
    if (outcome.waiting > 0) process.exitCode = 1
  } finally {
    await db.close()
  }
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}

/** Lines of `account_hash,deleted_at` as psql's \copy ... csv writes them. */
function parseTombstones(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [account_hash = '', deleted_at = ''] = line.split(',')
      return { account_hash, deleted_at }
    })
}
