import { inject } from 'vitest'
import { startServer, type RunningServer, type StartOptions } from '../../server/server.ts'
import { openTestDb } from '../server/helpers/testDb.ts'
import { droppingOnClose } from '../server/helpers/testServer.ts'

/**
 * A server of the test's own on the run's build, with the demo data in a database of its own: for a test that reads
 * its database, moves its clock or changes what it serves, which the run's shared server must not see. The database is
 * a copy of the run's migrated template (global-setup.ts), not migrated again, and goes when the server closes.
 */
export async function startOwnServer(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  const own = options.db || options.databaseUrl !== undefined ? undefined : await openTestDb()
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    seed: true,
    dev: false,
    distDir: inject('distDir'),
    quiet: true,
    shutdownGraceMs: 0,
    ...(own && { db: own.db }),
    ...options,
  })
  return own ? droppingOnClose(server, own) : server
}
