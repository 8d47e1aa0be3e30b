import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { stripVTControlCharacters } from 'node:util'
import { getRequestListener } from '@hono/node-server'
import { createApp, networkConnection, paymentNotifications } from './app.ts'
import { systemClock } from './clock.ts'
import type { Clock } from './clock.ts'
import { loadConfig } from './config.ts'
import type { Config } from './config.ts'
import { createDb } from './db/createDb.ts'
import { isInMemory } from './db/inMemory.ts'
import { idNumberKeyOf } from './accounts/idNumberSeal.ts'
import { eraseExpiredRicaRecords } from './accounts/ricaRecord.ts'
import { sealPlainIdNumbers } from './accounts/sealIdNumbers.ts'
import type { Db } from './db/types.ts'
import { accessLogged } from './http/accessLog.ts'
import { recordClientAssets, touchClientAssets } from './http/clientAssets.ts'
import { clientSettingsOf, withClientSettings } from './http/clientSettings.ts'
import { withBrand } from './brand/brandPage.ts'
import { demoBrand } from './brand/brandSettings.ts'
import { connectionDrainer } from './http/connectionDrainer.ts'
import { settleUnreadBody } from './http/unreadBody.ts'
import { createLogger, silentLogger } from './log.ts'
import type { Logger } from './log.ts'
import { mailerFor } from './mail/mailerFor.ts'
import { startMailOutbox } from './mail/mailOutbox.ts'
import { startPushOutbox } from './push/pushOutbox.ts'
import { sweepExpiredSessions } from './accounts/sessions.ts'
import { setShopOrigin } from './mail/shopOrigin.ts'
import { startMetricsServer } from './metrics.ts'
import { startNetworkCheck } from './network/networkCheck.ts'
import { startNetworkOutbox } from './network/networkOutbox.ts'
import { startPeriodicJob } from './periodicJob.ts'
import type { MetricsServer } from './metrics.ts'
import type { Network } from './network/network.ts'
import { cardProviderFor } from './payments/cardProviderFor.ts'
import { catalogueReads } from './routes/bootstrap.ts'
import { followCatalogue } from './catalogue/liveCatalogue.ts'
import { financeNotice } from './payments/financeNotice.ts'
import { startReconciler } from './payments/reconcile.ts'
import { clientDir, repoRoot } from './paths.ts'
import { releaseName } from './release.ts'
import { createSandboxIdentity, sandboxPrefix } from './sandbox/identity/sandbox.ts'
import { seedSandbox } from './seed/seed.ts'
import { startActionJob } from './services/actionJob.ts'
import { sandboxedProviders } from './social/providerConfig.ts'

export interface StartOptions extends Partial<Omit<Config, 'nodeEnv' | 'sandboxes'>> {
  /** Vite in middleware mode with hot reload instead of the built client. */
  dev?: boolean
  /** The built client to serve (default dist/client/). */
  distDir?: string
  /** Keep Vite's start-up output and, unless `log` is given, every log line out of test logs. */
  quiet?: boolean
  /** The logger for request and error lines (default: JSON on standard output at LOG_LEVEL). */
  log?: Logger
  /** Where the embedded database lives when databaseUrl is '' (default .data/pglite); tests use a temporary one. */
  dataDir?: string
  /**
   * An open, migrated database to use instead of opening databaseUrl; it stays open when the server closes.
   * Tests start several instances on one in-memory PGlite with it, as production runs several on one PostgreSQL.
   */
  db?: Db
  /** The time scheduled SIM actions and bill cycles are counted by (the system's); an end-to-end test moves its own. */
  clock?: Clock
}

export interface CloseOptions {
  /** How long /readyz answers 503 before new connections are refused (default: SHUTDOWN_GRACE_MS). */
  graceMs?: number
}

export interface RunningServer {
  url: string
  port: number
  /** The Node server underneath (its timeouts, for tests and operators). */
  http: Server
  /** The server's database, for tests that check what it holds (the chaos e2e test). */
  db: Db
  /** The network the server's SIMs are on (the reseller's enabler, or the sandbox network in process). */
  network: Network
  /** Where Prometheus scrapes this instance (METRICS_PORT), when metrics are on. */
  metricsUrl?: string
  /**
   * Graceful shutdown: /readyz answers 503 at once; after the grace, new connections are refused and requests in
   * flight get SHUTDOWN_DRAIN_MS to finish; then the database closes. Calling it again returns the same promise.
   */
  close(options?: CloseOptions): Promise<void>
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void

// In dev mode these paths go to Hono and everything else to Vite.
const isBackendPath = (url = '/') => /^\/(api|images|sandbox\/(payments|mail|network|push)|healthz|readyz)(\/|\?|$)/.test(url)
const wildcard = new Set(['0.0.0.0', '::'])

/** Starts the storefront (API, images and client) on one port; options override the environment. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { dev = false, distDir = clientDir, quiet = false, dataDir, log: givenLog, db: givenDb, clock = systemClock, ...overrides } = options
  const config = { ...loadConfig(), ...overrides }
  const log = givenLog ?? (quiet ? silentLogger : createLogger({ level: config.logLevel }))

  const db =
    givenDb ??
    (await createDb(
      config.databaseUrl,
      dataDir,
      { poolMax: config.databasePoolMax, statementTimeoutMs: config.databaseStatementTimeoutMs, connectTimeoutMs: config.databaseConnectTimeoutMs },
      { lockTimeoutMs: config.migrationLockTimeoutMs, log },
    ))
  // Every instance serves a catalogue change moments after its commit, without a restart (listening ends before the database closes).
  const stopFollowingCatalogue = await followCatalogue(db, log).catch(async (error: unknown) => {
    if (!givenDb) await db.close()
    throw error
  })
  const closeDb = async () => {
    await stopFollowingCatalogue()
    if (!givenDb) await db.close()
  }
  const idNumberKey = idNumberKeyOf(config)
  // Before any request: no ID number stays plain in the database, and no RICA record outlives its retention.
  const sealed = await sealPlainIdNumbers(db, idNumberKey)
  if (sealed > 0) log.info({ sealed }, `${sealed} ID numbers kept plain before migration 025 are now sealed`)
  await eraseExpiredRicaRecords(db)
  if (config.seed) await seedSandbox(db, { scryptN: config.scryptN, partner: config.partner, idNumberKey })
  // Before listening (so before /readyz): another release's instance can answer this build's pages from the first
  // request. Not into a database in this process's memory: no other process, and no later release, ever reads it.
  const keepsAssets = !dev && !isInMemory(db)
  if (keepsAssets) {
    const assets = await recordClientAssets(db, distDir, { release: releaseName(), historyDays: config.assetHistoryDays })
    if (assets.files > 0)
      log.info({ assets }, `client files recorded for other instances: ${assets.added} of ${assets.files} new, ${assets.pruned} past their history removed`)
  }
  let draining = false
  // The sandbox issuers run only for providers the environment leaves unconfigured.
  const sandbox =
    sandboxedProviders(config.social, config.socialProviders).length > 0 ? createSandboxIdentity({ db, trustProxy: config.trustProxy, log }) : undefined
  // Made here rather than by the app, so the reconciliation worker asks the same provider the routes use.
  const cardPayments = cardProviderFor(
    config.payments,
    db,
    paymentNotifications(config, log, (request) => app.fetch(request)),
  )
  // Made here too, so the network outbox and check use the network the webhook and the sandbox's page belong to.
  const network = networkConnection(config, db, log, (request) => app.fetch(request))
  // Every instance sends the network outbox; nudged by the requests that queue a change, so it goes at once.
  const networkOutbox = startNetworkOutbox({ db, network: network.network, log, intervalMs: config.networkOutboxIntervalMs, sealKey: idNumberKey })
  const networkCheck =
    config.networkCheckIntervalMs > 0 ? startNetworkCheck({ db, network: network.network, log, intervalMs: config.networkCheckIntervalMs }) : undefined
  const shared = { db, config, ...(sandbox ? { sandbox } : {}), log, readiness: { draining: () => draining }, cardPayments, network, networkOutbox, clock }
  const app = createApp(dev ? shared : { ...shared, distDir })
  const backend: Listener = getRequestListener(app.fetch)
  const httpServer = createServer()
  const drainer = connectionDrainer(httpServer)
  // Longer than a load balancer's idle timeout, so the balancer closes idle connections first and never sends a
  // request down one this server is closing; headersTimeout above it, as Node advises, against a race on a reused connection.
  httpServer.keepAliveTimeout = config.keepAliveTimeoutMs
  httpServer.headersTimeout = config.keepAliveTimeoutMs + 1_000

  let vite: import('vite').ViteDevServer | undefined
  if (dev) {
    const { createServer: createViteServer } = await import('vite')
    vite = await createViteServer({
      root: repoRoot,
      appType: 'spa',
      logLevel: quiet ? 'warn' : 'info',
      // Vite's lines go through the server's logger too: standard output stays one JSON line per entry.
      customLogger: viteLogger(log),
      // Hot-reload websocket shares the one HTTP port.
      server: { middlewareMode: true, ws: { server: httpServer } },
      // The page gets this server's settings and brand as the built client's pages do (server/http/clientSettings.ts).
      plugins: [
        {
          name: 'client-settings',
          transformIndexHtml: (html: string) => withBrand(withClientSettings(html, clientSettingsOf(config)), config.brand ?? demoBrand),
        },
      ],
    })
  }
  const client: Listener = vite ? (req, res) => vite.middlewares(req, res) : backend
  // The sandbox issuer speaks raw Node (oidc-provider is a Koa app), so it is routed before Hono.
  const route = (url = '/'): Listener => (sandbox && url.startsWith(`${sandboxPrefix}/`) ? sandbox.handle : isBackendPath(url) ? backend : client)
  // Hono names its requests by the route they matched; the rest (the identity sandbox, Vite, a request abandoned
  // before Hono matched it) by the area of the path they were for.
  const unmatched = (url: string) => `${/^\/(api|images|sandbox\/(payments|identity|mail|network|push))(?=[/?]|$)/.exec(url)?.[0] ?? ''}/*`
  const handle = accessLogged(log, (req, res) => route(req.url)(req, res), unmatched, {
    atOnce: catalogueReads(db, config.apiKey),
    trustProxy: config.trustProxy,
    draining: () => draining,
  })
  httpServer.on('request', (req, res) => {
    settleUnreadBody(req, res)
    // Once shutdown began, each answer ends its connection, so clients reconnect to a server that stays.
    if (draining) res.setHeader('Connection', 'close')
    handle(req, res)
  })

  try {
    await new Promise<void>((done, fail) => {
      httpServer.once('error', fail)
      httpServer.listen(config.port, config.host, done)
    })
  } catch (error) {
    await vite?.close()
    await closeDb()
    throw error
  }
  let metrics: MetricsServer | undefined
  try {
    metrics = config.metrics ? await startMetricsServer({ db, clock, log, ...config.metrics }) : undefined
  } catch (error) {
    await new Promise((done) => httpServer.close(done))
    await vite?.close()
    await closeDb()
    throw error
  }
  const reconciler =
    config.reconcileIntervalMs > 0
      ? startReconciler({
          db,
          provider: cardPayments.provider,
          partner: config.partner,
          network: network.network.source,
          log,
          intervalMs: config.reconcileIntervalMs,
          leftOpenAfterMs: config.reconcileAfterMs,
          notice: financeNotice(config),
        })
      : undefined
  const actionJob =
    config.serviceActionsIntervalMs > 0 ? startActionJob({ db, clock, log, intervalMs: config.serviceActionsIntervalMs, networkOutbox }) : undefined
  const sendTimeoutMs = config.mailSendTimeoutMs
  const mailer = mailerFor(config.mail, db, sendTimeoutMs)
  const mailOutbox = startMailOutbox({ db, mailer, log, intervalMs: config.mailOutboxIntervalMs, sendTimeoutMs })
  // Every instance sends the push outbox, as the mail outbox.
  const pushOutbox = startPushOutbox({ db, push: config.push, log, intervalMs: config.pushOutboxIntervalMs })
  // Hourly: an expired session goes, and with it the device subscriptions it made (no notification outlives its session).
  const sessionSweep = startPeriodicJob(() => sweepExpiredSessions(db), { intervalMs: 3_600_000, log, failure: 'sweeping expired sessions failed' })
  // Once a day, besides at start: a server that runs for months still erases each RICA record when its retention ends.
  const ricaErasure = startPeriodicJob(() => eraseExpiredRicaRecords(db), {
    intervalMs: 86_400_000,
    log,
    failure: 'erasing RICA records past their retention failed',
  })
  // A release serving for months keeps its files marked seen, so they stay ASSET_HISTORY_DAYS after its last instance stops.
  const assetsSeen = keepsAssets
    ? startPeriodicJob(() => touchClientAssets(db, distDir), { intervalMs: 86_400_000, log, failure: 'marking the client files seen failed' })
    : undefined
  const port = (httpServer.address() as AddressInfo).port
  // A wildcard address is not somewhere a browser can go; localhost reaches it.
  const host = wildcard.has(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host
  setShopOrigin(config.publicUrl || `http://${host}:${port}`)
  // Loopback names all reach this port; any other origin must be named by PUBLIC_URL.
  sandbox?.allowOrigins([
    `http://${host}:${port}`,
    ...['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${port}`),
    ...(config.publicUrl ? [config.publicUrl] : []),
  ])

  let closing: Promise<void> | undefined
  const shutDown = async ({ graceMs = config.shutdownGraceMs }: CloseOptions) => {
    draining = true
    // No new run starts; the one under way finishes before the pool closes.
    const reconcilerStopped = reconciler?.stop()
    const actionJobStopped = actionJob?.stop()
    // Mails being sent finish (each within the send timeout); the rest stay due in the outbox for any instance.
    const mailOutboxStopped = mailOutbox.stop()
    const pushOutboxStopped = pushOutbox.stop()
    const sessionSweepStopped = sessionSweep.stop()
    // Calls to the network under way finish; the rest stay due in the outbox for any instance.
    const networkOutboxStopped = networkOutbox.stop()
    const networkCheckStopped = networkCheck?.stop()
    const ricaErasureStopped = ricaErasure.stop()
    const assetsSeenStopped = assetsSeen?.stop()
    log.info({ graceMs, drainMs: config.shutdownDrainMs }, 'shutting down: not ready; refusing new connections after the grace')
    if (graceMs > 0) await new Promise((done) => setTimeout(done, graceMs))
    const finished = await drainer.drain(config.shutdownDrainMs)
    if (!finished) log.warn({ drainMs: config.shutdownDrainMs }, 'requests still running when the drain time ran out were cut off')
    await vite?.close()
    await metrics?.close()
    await reconcilerStopped
    await actionJobStopped
    await mailOutboxStopped
    await pushOutboxStopped
    await sessionSweepStopped
    await networkOutboxStopped
    await networkCheckStopped
    await ricaErasureStopped
    await assetsSeenStopped
    await closeDb()
    log.info('stopped')
  }

  return {
    url: `http://${host}:${port}`,
    port,
    http: httpServer,
    db,
    network: network.network,
    ...(metrics ? { metricsUrl: metrics.url } : {}),
    close(closeOptions = {}) {
      closing ??= shutDown(closeOptions)
      return closing
    },
  }
}

/** Vite's logger interface over pino: its messages (colours stripped) as `vite` entries. */
function viteLogger(log: Logger): import('vite').Logger {
  const plain = (msg: string) => stripVTControlCharacters(msg).trim()
  const warned = new Set<string>()
  const logged = new WeakSet<object>()
  return {
    hasWarned: false,
    info: (msg) => log.info({ source: 'vite' }, plain(msg)),
    warn(msg) {
      this.hasWarned = true
      log.warn({ source: 'vite' }, plain(msg))
    },
    warnOnce(msg) {
      if (warned.has(msg)) return
      warned.add(msg)
      this.warn(msg)
    },
    error(msg, options) {
      if (options?.error) logged.add(options.error)
      log.error({ source: 'vite' }, plain(msg))
    },
    clearScreen: () => {},
    hasErrorLogged: (error) => logged.has(error),
  }
}
