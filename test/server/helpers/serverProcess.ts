import { createLogger, logDestination } from '../../../server/log.ts'
import { startServer } from '../../../server/server.ts'
import type { StartOptions } from '../../../server/server.ts'

/**
 * Child-process entry (see childServer.ts): starts the server with the JSON options in argv[2] and prints its URL.
 * `logFile` writes the log lines there at LOG_LEVEL (info) instead of keeping them quiet, as the bench measures them.
 */
const { logFile, ...options } = JSON.parse(process.argv[2] ?? '{}') as StartOptions & { logFile?: string }
const log = logFile ? { log: createLogger({ level: options.logLevel ?? 'info', destination: logDestination(logFile) }) } : {}
const server = await startServer({ dev: false, quiet: true, shutdownGraceMs: 0, ...log, ...options })
console.log(JSON.stringify({ url: server.url }))
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)))
