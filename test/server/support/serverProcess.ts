import { startServer } from '../../../server/server.ts'
import type { StartOptions } from '../../../server/server.ts'

/** Child-process entry (see childServer.ts): starts the server with the JSON options in argv[2] and prints its URL. */
const options = JSON.parse(process.argv[2] ?? '{}') as StartOptions
const server = await startServer({ dev: false, quiet: true, shutdownGraceMs: 0, ...options })
console.log(JSON.stringify({ url: server.url }))
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)))
