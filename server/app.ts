import { Hono } from 'hono'
import { idNumberKeyOf } from './accounts/idNumberSeal.ts'
import { bodyLimit } from 'hono/body-limit'
import { systemClock } from './clock.ts'
import type { Clock } from './clock.ts'
import { sandboxPartner } from './orders/partner.ts'
import type { Config } from './config.ts'
import type { Db } from './db/types.ts'
import { requireApiKey } from './http/apiKey.ts'
import { brandFileRoutes } from './brand/brandFiles.ts'
import { withBrand } from './brand/brandPage.ts'
import { demoBrand } from './brand/brandSettings.ts'
import { brandThisProcess } from './brand/shopBrand.ts'
import { storedClientAssets } from './http/clientAssets.ts'
import { clientFiles } from './http/clientFiles.ts'
import { clientSettingsOf, withClientSettings } from './http/clientSettings.ts'
import { jsonError, notFound, onError } from './http/errors.ts'
import { requestContext } from './http/requestContext.ts'
import { untrustedForwardingWarning } from './http/untrustedForwarding.ts'
import { jsonBody, withBody } from './http/jsonBody.ts'
import type { AppEnv } from './http/jsonBody.ts'
import { productImage } from './http/productImages.ts'
import { cataloguePicture } from './http/cataloguePicture.ts'
import { firstPaintPages } from './pages/firstPaint.ts'
import { pageSecurityHeaders, staffPageSecurityHeaders } from './http/securityHeaders.ts'
import { accountEditRoutes } from './routes/accountEdits.ts'
import { emailLinkRoutes } from './routes/emailLinks.ts'
import { emailChangeRoutes } from './routes/emailChange.ts'
import { accountDataRoutes } from './routes/accountData.ts'
import { linkedSignInRoutes } from './routes/linkedSignIns.ts'
import { billingRoutes } from './routes/billing.ts'
import { clientErrorRoutes } from './routes/clientErrors.ts'
import { bundleRoutes } from './routes/bundles.ts'
import { healthRoutes } from './routes/health.ts'
import { legalRoutes } from './routes/legal.ts'
import { legalPages } from './legal/legalPages.ts'
import type { Readiness } from './routes/health.ts'
import { networkQueueingPaths, nudgingAfter } from './network/nudgingAfter.ts'
import type { PeriodicJob } from './periodicJob.ts'
import { silentLogger } from './log.ts'
import type { Logger } from './log.ts'
import { bootstrapRoutes } from './routes/bootstrap.ts'
import { openApiRoutes } from './routes/openApi.ts'
import { orderRoutes } from './routes/orders.ts'
import { paymentRoutes } from './routes/payments.ts'
import { cardProviderFor } from './payments/cardProviderFor.ts'
import type { CardPayments, NotificationSettings } from './payments/cardProviderFor.ts'
import { financeNotice } from './payments/financeNotice.ts'
import { paymentWebhookRoutes } from './routes/paymentWebhook.ts'
import { networkFor } from './network/networkFor.ts'
import type { NetworkConnection } from './network/networkFor.ts'
import { networkWebhookRoutes } from './routes/networkWebhook.ts'
import { profileRoutes } from './routes/profile.ts'
import { passwordRoutes } from './routes/password.ts'
import { serviceActionRoutes } from './routes/serviceActions.ts'
import { serviceRoutes } from './routes/services.ts'
import { socialRoutes } from './routes/social.ts'
import { socialEmailRoutes } from './routes/socialEmail.ts'
import type { SandboxIdentityService } from './sandbox/identity/sandbox.ts'
import { paymentSandboxPrefix } from './sandbox/payments/sandbox.ts'
import { sandboxNetworkPrefix } from './sandbox/network/sandbox.ts'
import { mailboxPrefix, sandboxMailboxRoutes } from './sandbox/mail/mailbox.ts'
import { sessionRoutes } from './routes/auth.ts'
import { pushRoutes } from './routes/push.ts'
import { sandboxPushPrefix } from './push/pushEndpoint.ts'
import { demoPushSettings } from './push/pushSettings.ts'
import { sandboxPushRoutes } from './sandbox/push/sandbox.ts'
import { supportRoutes } from './routes/support.ts'
import { userRoutes } from './routes/users.ts'
import { staffApi } from './staff/staffApi.ts'
import { staffApiPath } from './staff/staffCookie.ts'

/** Request bodies above this are refused (413); the largest real body, an order, is a few KB. */
export const maxBodyBytes = 100 * 1024

export interface AppOptions {
  db: Db
  /** Only the key is required; the rest default as loadConfig would (tests pass just what they exercise). */
  config: Pick<Config, 'apiKey'> & Partial<Config>
  /** The card provider made for this app by the server (which also gives it to the reconciliation worker); else made here. */
  cardPayments?: CardPayments
  /** The network made for this app by the server (which also gives it to the network outbox and check); else made here. */
  network?: NetworkConnection
  /** The Vite build to serve; omitted in dev mode (Vite serves the client) and in API-only tests. */
  distDir?: string
  /** The in-process identity providers social sign-in uses when the environment names no real ones. */
  sandbox?: SandboxIdentityService
  /** Where request and error lines go; silent when omitted (tests that read them pass their own). */
  log?: Logger
  /** Whether shutdown has begun (then /readyz answers 503); never, when omitted. */
  readiness?: Readiness
  /** The time scheduled SIM actions and bill cycles are counted by; the system's, unless a test moves its own. */
  clock?: Clock
  /** The network outbox of this instance: nudged after a request that may have queued a change for the network, so it is sent at once. */
  networkOutbox?: Pick<PeriodicJob, 'nudge'>
}

const alwaysServing: Readiness = { draining: () => false }

/** How the card provider's notifications reach this app: the configured key, and the sandbox's in-process delivery. */
export function paymentNotifications(
  config: AppOptions['config'],
  log: Logger,
  deliver: (request: Request) => Response | Promise<Response>,
): NotificationSettings {
  return { webhookKey: config.paymentWebhookKey ?? '', sandboxWebhooks: config.sandboxWebhooks ?? true, deliver: async (request) => deliver(request), log }
}

/** The network the configuration names; the sandbox network sends its events to this app's webhook in process. */
export function networkConnection(config: AppOptions['config'], db: Db, log: Logger, deliver: (request: Request) => Response | Promise<Response>) {
  return networkFor(config.network ?? { kind: 'sandbox' }, db, { deliver: async (request) => deliver(request), log })
}

/**
 * The whole HTTP surface: /api (keyed JSON), /images, /healthz and /readyz, and optionally the built client; `network`
 * on it is the network its SIMs are on (the network outbox sends through it).
 */
export function createApp({
  db,
  config,
  distDir,
  sandbox,
  log = silentLogger,
  readiness = alwaysServing,
  cardPayments,
  network,
  networkOutbox,
  clock = systemClock,
}: AppOptions) {
  const brand = config.brand ?? demoBrand
  // Every mail this process renders names this deployment's shop.
  brandThisProcess(brand)
  const connection = network ?? networkConnection(config, db, log, (request) => app.fetch(request))
  const payments =
    cardPayments ??
    cardProviderFor(
      config.payments ?? { kind: 'sandbox' },
      db,
      paymentNotifications(config, log, (request) => app.fetch(request)),
    )
  const api = new Hono<AppEnv>()
    .use(requireApiKey(config.apiKey))
    .use(withBody(bodyLimit({ maxSize: maxBodyBytes, onError: (c) => jsonError(c, 413, 'Request body too large') })))
    .use(jsonBody)
    .route('/', bootstrapRoutes(db))
    .route('/', legalRoutes(config))
    .route('/', userRoutes(db, config))
    .route('/', sessionRoutes(db, config))
    .route('/', passwordRoutes(db, config))
    .route('/', profileRoutes(db, config))
    .route('/', accountEditRoutes(db, config))
    .route('/', emailChangeRoutes(db, config))
    .route('/', emailLinkRoutes(db, config))
    .route('/', socialEmailRoutes(db, config))
    .route('/', accountDataRoutes(db, config))
    .route('/', linkedSignInRoutes(db, config))
    .route('/', orderRoutes(db, config))
    .route('/', paymentRoutes(db, { ...config, provider: payments.provider, network: connection.network.source }))
    .route('/', serviceRoutes(db, config))
    .route('/', serviceActionRoutes(db, config, clock))
    .route('/', bundleRoutes(db, config))
    .route('/', billingRoutes(db, config, clock))
    .route('/', supportRoutes(db, config))
    .route('/', clientErrorRoutes(db, config))
    .route('/', pushRoutes(db, config))
    // Sub-app notFound handlers are not used once mounted, so unknown /api paths end here.
    .all('*', (c) => jsonError(c, 404, 'Not found'))

  const app = new Hono<AppEnv>()
  app.use(requestContext(log, config))
  app.use(untrustedForwardingWarning(config.trustProxy ?? false, log))
  if (networkOutbox) app.use(nudgingAfter(networkQueueingPaths, networkOutbox))
  // Probes from a load balancer or orchestrator: no Key.
  app.route('/', healthRoutes(db, readiness))
  // Browser navigations, not API calls: registered first so the Key check never sees them.
  app.route('/api/auth', socialRoutes(db, config, sandbox))
  // Documentation is read by tools that hold no Key.
  app.route('/', openApiRoutes(app))
  // The provider's notifications carry no Key: their encryption proves where they come from.
  if (payments.webhookKey)
    app.route(
      '/',
      paymentWebhookRoutes(db, {
        key: payments.webhookKey,
        partner: config.partner ?? sandboxPartner,
        network: connection.network.source,
        notice: financeNotice(config),
      }),
    )
  // The network's events carry no Key either: their signature proves where they come from.
  if (connection.webhookSecret)
    app.route('/', networkWebhookRoutes(db, { secret: connection.webhookSecret, source: connection.network.source, sealKey: idNumberKeyOf(config) }))
  // The back office's API: the staff cookie, never the Key or a customer's session.
  app.route(staffApiPath, staffApi(db, config, { provider: payments.provider, network: connection.network.source }))
  app.route('/api', api)
  if (payments.sandbox) app.route(paymentSandboxPrefix, payments.sandbox)
  if (connection.sandbox) app.route(sandboxNetworkPrefix, connection.sandbox)
  // Only while mails stay in the database: with SMTP_URL they are in the customers' own mailboxes.
  if (config.mail?.kind !== 'smtp') app.route(mailboxPrefix, sandboxMailboxRoutes(db))
  // Only where sandboxes run (the demo, SANDBOX=true): a push service tests and testers subscribe to instead of a browser's.
  const push = config.push ?? demoPushSettings
  if (push.sandboxService) app.route(sandboxPushPrefix, sandboxPushRoutes(db, push))
  app.get('/images/products/:file', productImage)
  app.get('/images/catalogue/:file', cataloguePicture(db))
  const settings = clientSettingsOf(config)
  if (distDir) {
    app.use(brandFileRoutes(distDir, brand))
    app.use(
      clientFiles(distDir, pageSecurityHeaders(config), firstPaintPages(distDir, db, brand, legalPages(config)), {
        pageHtml: (html) => withBrand(withClientSettings(html, settings), brand),
        staffPageHtml: (html) => withBrand(html, brand, `${brand.name} back office`),
        staffPageHeaders: staffPageSecurityHeaders(config),
        otherReleases: storedClientAssets(db),
      }),
    )
  }
  app.notFound(notFound)
  app.onError(onError)
  return Object.assign(app, { network: connection.network })
}
