import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../server/paths.ts'
import { startCheckoutAt } from './helpers/childServer.ts'
import { slowProvider } from './helpers/slowProvider.ts'
import type { SlowProvider } from './helpers/slowProvider.ts'
import type { LogEntry } from './helpers/logCapture.ts'
import { startupTimeout } from './helpers/testDb.ts'

const status = (url: string) =>
  new Promise<number>((done, fail) =>
    http
      .get(url, { agent: false }, (res) => {
        res.resume()
        done(res.statusCode ?? 0)
      })
      .on('error', fail),
  )

describe('`tsx server/start.ts` and SIGTERM', () => {
  let child: ChildProcess | undefined
  let provider: SlowProvider | undefined
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await provider?.close()
  })

  it(
    'logs JSON lines, stops being ready at SIGTERM, finishes the provider call in flight and exits 0',
    async () => {
      provider = await slowProvider(1_500)
      // --dev serves the client through Vite, so no production build is needed; the shutdown is the same.
      child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts', '--dev'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: '0',
          DATABASE_URL: 'memory:',
          SEED: 'true',
          SCRYPT_N: '1024',
          API_KEY: 'test-key',
          SHUTDOWN_GRACE_MS: '500',
          SHUTDOWN_DRAIN_MS: '20000',
          LOG_LEVEL: 'info',
          PAYMENT_BASE_URL: provider.url,
          PAYMENT_ENTITY_ID: 'entity',
          PAYMENT_ACCESS_TOKEN: 'token',
        },
      })
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
      const lines: string[] = []
      let listening!: (url: string) => void
      const started = new Promise<string>((done) => (listening = done))
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line)
        const url = /"url":"(http:[^"]+)"/.exec(line)?.[1]
        if (url) listening(url.replace('localhost', '127.0.0.1'))
      })
      const url = await Promise.race([started, exited.then(([code]) => Promise.reject(new Error(`exited ${code} before listening: ${lines.join('\n')}`)))])

      expect(await status(`${url}/readyz`)).toBe(200)
      const { answer: checkout } = await startCheckoutAt(url)
      await provider.received
      child.kill('SIGTERM')
      await new Promise((done) => setTimeout(done, 100))
      expect(await status(`${url}/readyz`)).toBe(503)
      expect((await checkout).status).toBe(200)
      const [code, signal] = await exited
      expect({ code, signal }).toEqual({ code: 0, signal: null })

      // Every line the server wrote is JSON (pino), none a bare console line.
      expect(
        lines.filter((line) => !/^\{.*\}$/.test(line)),
        'lines that are not JSON',
      ).toEqual([])
      const entries = lines.map((line) => JSON.parse(line) as LogEntry)
      expect(entries.map((e) => e.msg)).toEqual(expect.arrayContaining(['SIGTERM received, shutting down', 'stopped']))
      expect(entries.find((e) => e.route === '/api/v2/billing/partner/checkout/:user_id')).toMatchObject({ status: 200, method: 'POST' })
    },
    startupTimeout,
  )
})
