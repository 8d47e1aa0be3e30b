import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledProject, freePort, runCommand } from '../server/helpers/compiledServer.ts'
import type { ServedProcess } from '../server/helpers/compiledServer.ts'
import { safeProductionEnv } from '../server/helpers/productionEnv.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The server's own process id: the pid of its log lines (npm's own process is another one). */
const serverPid = (run: ServedProcess) => run.entries().find((entry) => /^Storefront \S+ running at /.test(entry.msg))?.pid as number

/**
 * `npm run serve` as a process manager runs it (systemd, pm2, a container whose command is npm): the manager knows
 * only npm's process id and signals that one. npm forwards SIGTERM and SIGINT to its child; the child must be the
 * server itself, which shuts down gracefully, and npm must exit only once it has, leaving the port free.
 */
describe('`npm run serve` under a process manager', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  const started: number[] = []
  beforeAll(async () => {
    if (!process.env.DATABASE_URL?.startsWith('postgres'))
      throw new Error('`npm run serve` is production, which needs PostgreSQL: eval "$(bash .ci/postgres.sh start)", then npm run check:prod-install')
    project = await compiledProject()
    database = await freshDatabase()
  }, 120_000)
  afterAll(async () => {
    // A server npm left behind (what this test exists to catch) is not left running after it.
    for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL')
    project?.remove()
    await database?.drop()
  })

  /** Starts `npm run serve` on port (npm leading a process group of its own) and waits until it answers /healthz. */
  async function serve(port: number): Promise<ServedProcess> {
    const env = { ...safeProductionEnv, DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: String(port) }
    const run = runCommand(project.root, 'npm run serve', env, { group: true })
    const url = await run.listening
    started.push(serverPid(run))
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
    return run
  }

  // npm's pid alone (a process manager that knows only it), or npm's whole process group: systemd's default
  // KillMode=control-group and a terminal's Ctrl-C signal the server too, so it receives npm's forwarded copy as well.
  const cases = (['SIGTERM', 'SIGINT'] as const).flatMap((signal) => (['npm', 'group'] as const).map((to) => ({ signal, to })))
  it.each(cases)('$signal to $to: the server shuts down gracefully, then npm exits 0 and the port is free', async ({ signal, to }) => {
    const port = await freePort()
    const run = await serve(port)
    const npm = run.child.pid!
    const server = serverPid(run)
    expect(server).not.toBe(npm)
    const signalled = Date.now()
    process.kill(to === 'npm' ? npm : -npm, signal)
    const exit = await Promise.race([run.exited, new Promise((done) => setTimeout(() => done('npm still running after 30 s'), 30_000))])
    console.info(
      `${signal} to ${to} (npm ${npm}): npm exited ${JSON.stringify(exit)} after ${Date.now() - signalled} ms; server (${server}) ${alive(server) ? 'still running' : 'gone'}`,
    )
    expect(
      run
        .entries()
        .filter((entry) => entry.pid === server)
        .map((entry) => entry.msg),
    ).toContain(`${signal} received, shutting down`)
    expect(exit, run.stderr()).toEqual({ code: 0, signal: null })
    expect(alive(server), 'the server outlived npm').toBe(false)
    expect(run.entries().filter((entry) => entry.level >= 50)).toEqual([])
    // A replacement starts on the same port.
    const next = await serve(port)
    process.kill(next.child.pid!, 'SIGINT')
    expect(await next.exited).toEqual({ code: 0, signal: null })
  })
})
