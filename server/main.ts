import { demoOwnerInvite } from './seed/demoOwner.ts'
import { loadConfig, nameThisInstance } from './config.ts'
import { isDriverTypeLookupLoss, recoverFromDriverFault } from './db/postgres.ts'
import { createLogger } from './log.ts'
import type { Logger } from './log.ts'
import { clientDir } from './paths.ts'
import { release, releaseName, thisInstance } from './release.ts'
import { legalProblems, productionProblems, readClientBuild, simulatedBySandboxes } from './productionChecks.ts'
import { startServer } from './server.ts'

export { startServer } from './server.ts'
export type { RunningServer, StartOptions } from './server.ts'

// Loopback addresses print as localhost: the name people type, and a secure context for the service worker.
const friendly = (url: string) => url.replace(/^http:\/\/(127\.0\.0\.1|\[::1\])(?=:)/, 'http://localhost')

/** Thrown once every reason production refuses to start has been logged. */
class RefusedToStart extends Error {}

export interface ServeOptions {
  /** Vite's hot reload instead of the built client (`npm run dev`). */
  dev?: boolean
  /** Runs once the environment is read, before anything is judged or started (the demo builds its client here). */
  prepare?: () => Promise<unknown>
}

/**
 * Serves the storefront with the environment's settings: `npm run serve` runs this compiled (dist/server/main.js),
 * `npm start` through server/start.ts. With NODE_ENV=production it first logs every unsafe setting, one line
 * each, and refuses to start. SIGTERM (an orchestrator) shuts down gracefully after SHUTDOWN_GRACE_MS; SIGINT
 * (Ctrl-C) skips the grace.
 */
export async function serve(log: Logger, { dev = false, prepare }: ServeOptions = {}): Promise<void> {
  const config = loadConfig()
  log.level = config.logLevel
  await prepare?.()
  if (config.nodeEnv === 'production') {
    // Vite serves the sources, lab included.
    const problems = [...productionProblems({ ...config, client: dev ? { lab: true } : readClientBuild(clientDir) }), ...legalProblems(config.legalDir)]
    for (const problem of problems) log.fatal({ refused: true }, `Not starting with NODE_ENV=production: ${problem}`)
    if (problems.length > 0) throw new RefusedToStart(`${problems.length} unsafe settings`)
  }
  // Said at every start, so nobody runs a staging server's stand-ins in front of real customers unawares.
  if (config.sandboxes) {
    const simulated = simulatedBySandboxes(config)
    log.warn(
      { sandbox: true, simulated },
      `SANDBOX=true: ${simulated.length > 0 ? `simulated, not real: ${simulated.join('; ')}` : 'nothing is simulated with these settings'}. Never serve real customers with SANDBOX=true`,
    )
  }
  const { nodeEnv: _nodeEnv, sandboxes: _sandboxes, ...options } = config
  const server = await startServer({ ...options, dev, distDir: clientDir, log })
  const url = friendly(server.url)
  log.info({ url, ...release }, `Storefront ${releaseName()} running at ${url} as ${thisInstance()}${dev ? ' (dev mode, hot reload)' : ''}`)
  if (config.seed) {
    // A passkey is bound to a host name, never an IP address: the link names localhost (or PUBLIC_URL).
    const invite = await demoOwnerInvite(server.db, config.publicUrl || url)
    if (invite) log.info({ invite }, `Back office: no staff yet. Create the demo owner's passkey at ${invite} (once, within seven days)`)
  }

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, `${signal} received, shutting down`)
    await server.close(signal === 'SIGINT' ? { graceMs: 0 } : {})
    process.exit(0)
  }
  // Not once: a signal can come twice (npm forwards what the process manager also sends to its whole group), and a
  // second one without a listener would end the process mid-shutdown.
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** Runs a process entry: what Node would print as a bare stack and exit 1 on, as a JSON line before the same exit. */
export function runProcess(main: (log: Logger) => Promise<void>): void {
  nameThisInstance()
  const log = createLogger()
  const crash = (what: string) => (error: unknown) => {
    if (recoverFromDriverFault(error)) {
      log.warn({ err: error }, 'the database driver lost a connection mid-write: its pool was replaced')
      return
    }
    if (isDriverTypeLookupLoss(error)) {
      log.warn({ err: error }, 'the database driver lost a connection while looking up its types')
      return
    }
    log.fatal({ err: error }, what)
    process.exit(1)
  }
  process.on('uncaughtException', crash('uncaught exception'))
  process.on('unhandledRejection', crash('unhandled rejection'))
  main(log).catch((error: unknown) => {
    const code = (error as { code?: string } | undefined)?.code
    if (error instanceof RefusedToStart) {
      // Each reason is logged already.
    } else if (code === 'EADDRINUSE') log.fatal('The port is already in use: set PORT to a free one.')
    else log.fatal({ err: error }, error instanceof Error ? error.message : String(error))
    process.exit(1)
  })
}
