import { describe, expect, it } from 'vitest'
import { createDb } from '../../../server/db/createDb.ts'
import { migrate, readMigrations } from '../../../server/db/migrate.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { freshDatabase, startupTimeout } from '../helpers/testDb.ts'

describe('the migrations a start applies, in its log', () => {
  it(
    'names each migration it applied and the schema version, then says the schema is up to date when there is nothing to apply',
    async () => {
      const all = readMigrations()
      const fresh = await freshDatabase()
      const logged = captureLog('info')
      // The lock is the database's: on PostgreSQL another test file's migrator may hold it a moment (its wait is logged first).
      const outcomes = () => logged.entries().filter((e) => !/^wait/.test(e.msg))
      const db = await createDb(fresh.url, undefined, {}, { log: logged.log })
      try {
        expect(outcomes()).toEqual([
          expect.objectContaining({
            level: 30,
            msg: `applied ${all.length} migrations`,
            applied: all.map((m) => m.name),
            schemaVersion: all.length,
          }),
        ])
        logged.clear()
        await migrate(db, { log: logged.log })
        // A previous release against the schema a newer one migrated: up to date for it, and the database's version said.
        await migrate(db, { log: logged.log, migrations: all.slice(0, -1) })
        expect(outcomes()).toEqual([
          expect.objectContaining({ level: 30, msg: 'the schema is up to date', applied: [], schemaVersion: all.length }),
          expect.objectContaining({ level: 30, msg: 'the schema is up to date', applied: [], schemaVersion: all.length }),
        ])
      } finally {
        await db.close()
        await fresh.drop()
      }
    },
    startupTimeout,
  )
})
