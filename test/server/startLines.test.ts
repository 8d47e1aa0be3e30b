import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMigrations } from '../../server/db/migrate.ts'
import { repoRoot } from '../../server/paths.ts'
import { release, releaseName } from '../../server/release.ts'
import { compiledProject, runCommand } from './helpers/compiledServer.ts'
import type { ServedProcess } from './helpers/compiledServer.ts'
import type { LogEntry } from './helpers/logCapture.ts'
import { startupTimeout } from './helpers/testDb.ts'

const env = { PORT: '0', DATABASE_URL: 'memory:', SEED: 'false', LOG_LEVEL: 'info', SANDBOX: 'true', INSTANCE_NAME: 'web-7' }

/** The lines of a start, from the first to the one saying where it serves; the process is then stopped, and every line checked. */
async function startLines(run: ServedProcess): Promise<LogEntry[]> {
  try {
    await run.listening
  } finally {
    run.child.kill('SIGTERM')
  }
  expect(await run.exited).toEqual({ code: 0, signal: null })
  const entries = run.entries()
  // Every line of the run, shutdown included, names the release and the instance.
  expect(entries.filter((e) => e.release !== releaseName() || e.instance !== 'web-7')).toEqual([])
  expect(entries.map((e) => e.msg)).toContain('stopped')
  return entries.slice(0, entries.findIndex((e) => /^Storefront .* running at /.test(e.msg)) + 1)
}

/** What every start says, in order: SANDBOX=true at warn, the migrations it applied, then release, address and instance. */
function expectStartLines(lines: LogEntry[], dev: string) {
  const named = { release: releaseName(), instance: 'web-7', pid: expect.any(Number) }
  expect(lines).toEqual([
    expect.objectContaining({
      ...named,
      level: 40,
      sandbox: true,
      msg: expect.stringMatching(/^SANDBOX=true: simulated, not real: .*Never serve real customers/),
    }),
    expect.objectContaining({ ...named, level: 30, msg: `applied ${readMigrations().length} migrations`, schemaVersion: readMigrations().length }),
    expect.objectContaining({
      ...named,
      level: 30,
      ...release,
      url: expect.stringMatching(/^http:\/\/localhost:\d+$/),
      msg: expect.stringMatching(new RegExp(`^Storefront ${releaseName().replace('+', '\\+')} running at http://localhost:\\d+ as web-7${dev}$`)),
    }),
  ])
}

describe('what a start says', () => {
  let compiled: Awaited<ReturnType<typeof compiledProject>>
  beforeAll(async () => {
    compiled = await compiledProject()
  }, 120_000)
  afterAll(() => compiled?.remove())

  it('from the compiled server (`npm run serve`, the image): SANDBOX=true at warn, the migrations, the release and instance, on every line', async () => {
    expectStartLines(await startLines(runCommand(compiled.root, 'node dist/server/main.js', env)), '')
  }, 120_000)

  it(
    'from source (`npm start`): the same lines',
    async () => {
      // --dev serves the client through Vite, so no client build is needed; the start is the same serve().
      const run = runCommand(repoRoot, `node --import tsx server/start.ts --dev`, env)
      expectStartLines(await startLines(run), ' \\(dev mode, hot reload\\)')
    },
    startupTimeout,
  )

  it('names the release and the instance on its very first line, even one refusing the environment', async () => {
    const run = runCommand(compiled.root, 'node dist/server/main.js', { ...env, PORT: 'eighty' })
    expect((await run.exited).code).toBe(1)
    expect(run.entries()[0]).toMatchObject({ level: 60, release: releaseName(), instance: 'web-7', msg: expect.stringMatching(/^Invalid environment: .*PORT/) })
  }, 120_000)
})
