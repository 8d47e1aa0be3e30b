import { inject } from 'vitest'
import { startServer, type RunningServer, type StartOptions } from '../../server/server.ts'

/**
 * A server of the test's own on the run's build, with an in-memory database and the demo data: for a test that reads
 * its database, moves its clock or changes what it serves, which the run's shared server must not see.
 */
export function startOwnServer(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: 'memory:',
    seed: true,
    dev: false,
    distDir: inject('distDir'),
    quiet: true,
    shutdownGraceMs: 0,
    ...options,
  })
}
