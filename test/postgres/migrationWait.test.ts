import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { readMigrations } from '../../server/db/migrate.ts'
import { captureLog } from '../server/helpers/logCapture.ts'
import { startTestServer } from '../server/helpers/testServer.ts'
import { freshDatabase, startupTimeout } from '../server/helpers/testDb.ts'
import { holdMigrationLock } from './helpers/heldMigrationLock.ts'

// Only PostgreSQL has a second session to hold the lock (PGlite is one embedded connection).
describe('a start that waits for another instance’s migrations', () => {
  it(
    'says it is waiting for the migration lock, then how long it waited, then what it applied',
    async () => {
      const fresh = await freshDatabase()
      const logged = captureLog('info')
      // Another instance migrating.
      const other = await holdMigrationLock(fresh.url)
      try {
        const starting = startTestServer({ databaseUrl: fresh.url, log: logged.log })
        await expect.poll(() => logged.entries().map((e) => e.msg)).toContain('waiting for the migration lock: another process is migrating')
        await sleep(400)
        await other.release()
        const server = await starting
        await server.close()
        const [waiting, waited, applied] = logged.entries()
        expect(waiting).toMatchObject({ level: 30, msg: 'waiting for the migration lock: another process is migrating' })
        expect(waited).toMatchObject({ level: 30, msg: expect.stringMatching(/^waited \d+ ms for the migration lock another process held$/) })
        expect(waited?.waitedMs).toBeGreaterThanOrEqual(400)
        expect(applied).toMatchObject({ msg: `applied ${readMigrations().length} migrations`, schemaVersion: readMigrations().length })
      } finally {
        await other.release()
        await fresh.drop()
      }
    },
    startupTimeout,
  )
})
