import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from './build/ensureBuild.ts'
import { loadConfig } from './config.ts'
import { startServer } from './server.ts'

export { startServer } from './server.ts'
export type { RunningServer, StartOptions } from './server.ts'

// Loopback addresses print as localhost: the name people type, and a secure context for the service worker.
const friendly = (url: string) => url.replace(/^http:\/\/(127\.0\.0\.1|\[::1\])(?=:)/, 'http://localhost')

/** `tsx server/main.ts` serves the production build (building it when needed); `--dev` serves with hot reload. */
async function main() {
  const config = loadConfig()
  const dev = process.argv.includes('--dev') || config.nodeEnv === 'development'
  if (!dev) await ensureBuild()
  const { nodeEnv: _nodeEnv, ...options } = config
  const server = await startServer({ ...options, dev })
  console.log(`Storefront running at ${friendly(server.url)}${dev ? ' (dev mode, hot reload)' : ''}`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down`)
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
}

// Importing this module (as the e2e setup does) must not start a second server.
const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    const code = (error as { code?: string } | undefined)?.code
    if (code === 'EADDRINUSE') console.error('The port is already in use: set PORT to a free one.')
    else console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
