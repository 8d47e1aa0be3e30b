import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createLogger, logDestination } from '../../server/log.ts'
import { repoRoot } from '../../server/paths.ts'

const run = promisify(execFile)
const lines = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean)
  } catch {
    return []
  }
}

describe('the log destination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-log-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('holds a few lines in its buffer and writes them on its interval, with no further line logged', async () => {
    const file = join(dir, 'quiet.log')
    const log = createLogger({ destination: logDestination(file) })
    log.info({ n: 1 }, 'one')
    log.info({ n: 2 }, 'two')
    // Under the 16 KB a write waits for: nothing reaches the file at once, everything does once the interval has passed.
    expect(lines(file)).toEqual([])
    // The interval writes them with no further line logged (the wait allows for a busy machine, not for the interval).
    await expect.poll(() => lines(file).length, { timeout: 5_000 }).toBe(2)
    expect(lines(file).map((l) => JSON.parse(l).msg)).toEqual(['one', 'two'])
    expect(JSON.parse(lines(file)[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('keeps one buffer per target however many loggers write there: nothing more is held per logger, and lines keep their order', async () => {
    const file = join(dir, 'shared.log')
    expect(logDestination(file)).toBe(logDestination(join(dir, '.', 'shared.log')))
    expect(logDestination()).toBe(logDestination(1))
    const [first, second] = [createLogger({ destination: logDestination(file) }), createLogger({ destination: logDestination(file) })]
    first.info('one')
    second.info('two')
    first.info('three')
    await expect.poll(() => lines(file).length, { timeout: 5_000 }).toBe(3)
    expect(lines(file).map((l) => JSON.parse(l).msg)).toEqual(['one', 'two', 'three'])
  })

  it.each(['standard output', 'a file'])('writes every buffered line to %s when the process exits at once, as a crash does (process.exit)', async (to) => {
    const file = join(dir, 'crash.log')
    const script = `
      import { createLogger, logDestination } from './server/log.ts'
      const log = createLogger({ destination: process.argv[1] ? logDestination(process.argv[1]) : logDestination() })
      for (let i = 0; i < 500; i++) log.info({ i }, 'request')
      log.fatal('uncaught exception')
      process.exit(1)
    `
    const args = ['--import', 'tsx', '--input-type=module', '-e', script, to === 'a file' ? file : '']
    const exit = (await run(process.execPath, args, { cwd: repoRoot }).catch((e: unknown) => e)) as { code?: number; stdout: string }
    expect(exit.code).toBe(1)
    const text = to === 'a file' ? readFileSync(file, 'utf8') : exit.stdout
    const written = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; i?: number })
    expect(written).toHaveLength(501)
    expect(written.at(-1)?.msg).toBe('uncaught exception')
    expect(written.slice(0, 500).map((l) => l.i)).toEqual([...Array(500).keys()])
  })
})
