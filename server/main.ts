import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from './build/ensureBuild.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './log.ts'
import type { Logger } from './log.ts'
import { startServer } from './server.ts'

export { startServer } from './server.ts'
export type { RunningServer, StartOptions } from './server.ts'

// Loopback addresses print as localhost: the name people type, and a secure context for the service worker.
const friendly = (url: string) => url.replace(/^http:\/\/(127\.0\.0\.1|\[::1\])(?=:)/, 'http://localhost')

/**
 * `tsx server/main.ts` serves the production build (building it when needed); `--dev` serves with hot reload.
 * SIGTERM (an orchestrator) shuts down gracefully after SHUTDOWN_GRACE_MS; SIGINT (Ctrl-C) skips the grace.
 */
async function main(log: Logger) {
  const config = loadConfig()
  log.level = config.logLevel
  const dev = process.argv.includes('--dev') || config.nodeEnv === 'development'
  if (!dev) await ensureBuild((line) => log.info(line))
  const { nodeEnv: _nodeEnv, ...options } = config
  const server = await startServer({ ...options, dev, log })
  const url = friendly(server.url)
  log.info({ url }, `Storefront running at ${url}${dev ? ' (dev mode, hot reload)' : ''}`)

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, `${signal} received, shutting down`)
    await server.close(signal === 'SIGINT' ? { graceMs: 0 } : {})
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
}

// Importing this module (as the e2e setup does) must not start a second server.
const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  const log = createLogger()
  // What Node would print as a bare stack and exit 1 on, as a JSON line before the same exit.
  const crash = (what: string) => (error: unknown) => {
    log.fatal({ err: error }, what)
    process.exit(1)
  }
  process.on('uncaughtException', crash('uncaught exception'))
  process.on('unhandledRejection', crash('unhandled rejection'))
  main(log).catch((error: unknown) => {
    const code = (error as { code?: string } | undefined)?.code
    if (code === 'EADDRINUSE') log.fatal('The port is already in use: set PORT to a free one.')
    else log.fatal({ err: error }, error instanceof Error ? error.message : String(error))
    process.exit(1)
  })
}
