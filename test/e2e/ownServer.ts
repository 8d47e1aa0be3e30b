import { inject } from 'vitest'
import type { RunningServer, StartOptions } from '../../server/server.ts'
import { testScryptN } from '../server/helpers/accounts.ts'
import { startOnOwnDatabase } from '../server/helpers/testServer.ts'

/**
 * A server of the test's own on the run's build, with the demo data in a database of its own: for a test that reads
 * its database, moves its clock or changes what it serves, which the run's shared server must not see. The database is
 * a copy of the run's migrated template (global-setup.ts), not migrated again, and goes when the server closes.
 */
export function startOwnServer(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  return startOnOwnDatabase({
    port: 0,
    host: '127.0.0.1',
    seed: true,
    dev: false,
    distDir: inject('distDir'),
    quiet: true,
    shutdownGraceMs: 0,
    // As the shared server (global-setup.ts): the tests' scrypt cost, so sign-ins never queue past a test's wait.
    scryptN: testScryptN,
    ...options,
  })
}
