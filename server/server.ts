import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import type { Config } from './config.ts'
import { createDb } from './db/createDb.ts'
import type { Db } from './db/types.ts'
import { settleUnreadBody } from './http/unreadBody.ts'
import { fromRoot, repoRoot } from './paths.ts'
import { createSandboxIdentity, sandboxPrefix } from './sandbox/identity/sandbox.ts'
import { seedSandbox } from './seed/seed.ts'

export interface StartOptions extends Partial<Omit<Config, 'nodeEnv'>> {
  /** Vite in middleware mode with hot reload instead of the built client. */
  dev?: boolean
  /** The built client to serve (default dist/). */
  distDir?: string
  /** Keep Vite's start-up output out of test logs. */
  quiet?: boolean
  /** Where the embedded database lives when databaseUrl is '' (default .data/pglite); tests use a temporary one. */
  dataDir?: string
}

export interface RunningServer {
  url: string
  port: number
  /** The server's database, for tests that check what it holds (the chaos e2e test). */
  db: Db
  close(): Promise<void>
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void

// In dev mode these paths go to Hono and everything else to Vite.
const isBackendPath = (url = '/') => /^\/(api|images|sandbox\/payments)(\/|\?|$)/.test(url)
const wildcard = new Set(['0.0.0.0', '::'])

/** Starts the storefront (API, images and client) on one port; options override the environment. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { dev: devOption, distDir = fromRoot('dist'), quiet = false, dataDir, ...overrides } = options
  const config = { ...loadConfig(), ...overrides }
  const dev = devOption ?? config.nodeEnv === 'development'

  const db = await createDb(config.databaseUrl, dataDir)
  if (config.seed) await seedSandbox(db, { scryptN: config.scryptN, partner: config.partner })
  const sandbox = createSandboxIdentity({ trustProxy: config.trustProxy })
  const app = createApp(dev ? { db, config, sandbox } : { db, config, distDir, sandbox })
  const backend: Listener = getRequestListener(app.fetch)
  const httpServer = createServer()

  let vite: import('vite').ViteDevServer | undefined
  if (dev) {
    const { createServer: createViteServer } = await import('vite')
    vite = await createViteServer({
      root: repoRoot,
      appType: 'spa',
      logLevel: quiet ? 'warn' : 'info',
      // Hot-reload websocket shares the one HTTP port.
      server: { middlewareMode: true, ws: { server: httpServer } },
    })
  }
  const client: Listener = vite ? (req, res) => vite.middlewares(req, res) : backend
  // The sandbox issuer speaks raw Node (oidc-provider is a Koa app), so it is routed before Hono.
  const route = (url = '/'): Listener => (url.startsWith(`${sandboxPrefix}/`) ? sandbox.handle : isBackendPath(url) ? backend : client)
  httpServer.on('request', (req, res) => {
    settleUnreadBody(req, res)
    route(req.url)(req, res)
  })

  try {
    await new Promise<void>((done, fail) => {
      httpServer.once('error', fail)
      httpServer.listen(config.port, config.host, done)
    })
  } catch (error) {
    await vite?.close()
    await db.close()
    throw error
  }
  const port = (httpServer.address() as AddressInfo).port
  // A wildcard address is not somewhere a browser can go; localhost reaches it.
  const host = wildcard.has(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  // Loopback names all reach this port; any other origin must be named by PUBLIC_URL.
  sandbox.allowOrigins([`http://${host}:${port}`, ...['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${port}`), ...(config.publicUrl ? [config.publicUrl] : [])])

  return {
    url: `http://${host}:${port}`,
    port,
    db,
    async close() {
      await new Promise<void>((done) => {
        httpServer.close(() => done())
        httpServer.closeIdleConnections()
        // Give in-flight requests a moment, then stop waiting for slow or kept-alive clients.
        setTimeout(() => httpServer.closeAllConnections(), 3000).unref()
      })
      await vite?.close()
      await db.close()
    },
  }
}
