import { afterAll, beforeAll } from 'vitest'
import { startServer } from '../../../server/server.ts'
import type { RunningServer, StartOptions } from '../../../server/server.ts'
import { testScryptN } from './accounts.ts'
import { makeFakeDist } from './fakeDist.ts'
import { openTestDb, startupTimeout, type TestDb } from './testDb.ts'

/**
 * The whole server on a free loopback port, as tests start it: the built client not served unless `distDir`, nothing
 * seeded, silent, no shutdown grace, cheap password hashes, and (without `db` or `databaseUrl`) a copy of the
 * template database of its own, dropped when it closes. `overrides` replace any of these.
 */
export function startTestServer(overrides: StartOptions = {}): Promise<RunningServer> {
  return startOnOwnDatabase({
    port: 0,
    host: '127.0.0.1',
    seed: false,
    dev: false,
    quiet: true,
    shutdownGraceMs: 0,
    scryptN: testScryptN,
    ...overrides,
  })
}

/**
 * startServer(options), on a copy of the template database of its own (dropped when the server closes) unless the
 * options name a `db` or a `databaseUrl`: the one way test servers get their database (startTestServer, and the
 * end-to-end tests' startOwnServer).
 */
export async function startOnOwnDatabase(options: StartOptions): Promise<RunningServer> {
  const own = options.db || options.databaseUrl !== undefined ? undefined : await openTestDb()
  const server = await startServer({ ...options, ...(own && { db: own.db }) })
  return own ? droppingOnClose(server, own) : server
}

/** The server, whose close also drops the database of its own it was started on (once, however often it is called). */
function droppingOnClose(server: RunningServer, own: TestDb): RunningServer {
  let closed: Promise<void> | undefined
  return {
    ...server,
    close: (options) => {
      closed ??= server.close(options).then(() => own.drop())
      return closed
    },
  }
}

/**
 * startTestServer(overrides) for one describe block, serving a stand-in build (makeFakeDist), closed and removed after
 * it; read `server` in tests only.
 */
export function useTestServer(overrides: StartOptions = {}): { readonly server: RunningServer } {
  const dist = makeFakeDist()
  const env = {} as { server: RunningServer }
  beforeAll(async () => {
    env.server = await startTestServer({ distDir: dist.dir, ...overrides })
  }, startupTimeout)
  afterAll(async () => {
    await env.server?.close()
    dist.remove()
  })
  return env
}
