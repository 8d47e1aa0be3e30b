import * as v from 'valibot'
import { PARTNER } from '../src/domain/order.ts'
import { defaultScryptN } from './accounts/password.ts'
import { defaultMigrationLockTimeoutMs } from './db/migrate.ts'
import { sandboxSender } from './mail/mail.ts'
import type { MailSettings } from './mail/mail.ts'
import { parseTrustProxy } from './http/requestInfo.ts'
import type { TrustProxy } from './http/requestInfo.ts'
import { readSocialProviders, socialEnvEntries } from './social/providerConfig.ts'
import type { SocialProviderSettings } from './social/providerConfig.ts'

const flag = (fallback: 'true' | 'false') =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), fallback),
    v.transform((s) => (s === '' ? fallback === 'true' : ['true', '1', 'yes'].includes(s))),
  )

/** A whole number of at most 9 digits between min and max, named in the error. */
const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  )

/** The application key of the sandbox build; public (it is in the demo's bundle), so production refuses it. */
export const sandboxApiKey = 'storefront-sandbox-key'

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

const EnvSchema = v.object({
  PORT: v.pipe(
    v.optional(v.string(), '8080'),
    v.regex(/^\d{1,5}$/, 'PORT must be a whole number'),
    v.transform(Number),
    v.maxValue(65535, 'PORT must be at most 65535'),
  ),
  // Loopback by default: the sandbox key is public, so exposing it to the network is opt-in (HOST=0.0.0.0).
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^$|^memory:$|^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be empty, "memory:" or a postgres:// URL')),
    '',
  ),
  // Connections to PostgreSQL this process opens at most; PGlite is one embedded connection.
  DATABASE_POOL_MAX: wholeNumber('DATABASE_POOL_MAX', 10, 1, 1000),
  // PostgreSQL cancels a statement running longer (0: no limit); migrations are exempt.
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber('DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000),
  // A migrator waits this long for the migration lock (another instance migrating) or a table lock, then fails.
  MIGRATION_LOCK_TIMEOUT_MS: wholeNumber('MIGRATION_LOCK_TIMEOUT_MS', defaultMigrationLockTimeoutMs, 0, 3_600_000),
  // After SIGTERM, /readyz answers 503 this long, while requests are still served, before new connections are refused.
  SHUTDOWN_GRACE_MS: wholeNumber('SHUTDOWN_GRACE_MS', 5_000, 0, 600_000),
  // Then requests in flight get this long to finish (above the card provider's 15 s timeout) before connections are cut.
  SHUTDOWN_DRAIN_MS: wholeNumber('SHUTDOWN_DRAIN_MS', 30_000, 0, 600_000),
  // An idle kept-alive connection stays open this long: longer than a load balancer's idle timeout (60 s on AWS), so it, not we, closes it.
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber('KEEP_ALIVE_TIMEOUT_MS', 75_000, 1_000, 3_600_000),
  METRICS_PORT: v.pipe(
    v.optional(v.string(), ''),
    v.regex(/^$|^\d{1,5}$/, 'METRICS_PORT must be empty or a whole number'),
    v.transform((port) => (port === '' ? undefined : Number(port))),
    v.check((port) => port === undefined || port <= 65535, 'METRICS_PORT must be at most 65535'),
    v.description('The port Prometheus scrapes GET /metrics on, apart from the storefront; unset: no metrics are served.'),
  ),
  METRICS_HOST: v.pipe(
    v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
    v.description('The address the metrics port listens on: loopback by default; any other needs METRICS_TOKEN in production.'),
  ),
  METRICS_TOKEN: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description('When set, a scrape must send Authorization: Bearer <this token>; at least 32 characters in production.'),
  ),
  LOG_LEVEL: v.optional(v.picklist(logLevels, `LOG_LEVEL must be one of ${logLevels.join(', ')}`), 'info'),
  API_KEY: v.optional(v.pipe(v.string(), v.minLength(1, 'API_KEY must not be empty')), sandboxApiKey),
  SEED: flag('true'),
  // Unset is the demo, as Node has it: only production refuses the demo's conveniences (server/productionChecks.ts).
  NODE_ENV: v.optional(v.picklist(['production', 'development', 'test']), 'development'),
  // Production runs the sandboxes only when told to (a staging server); the demo always may.
  SANDBOX: flag('false'),
  // Lowering it only makes sense in tests; every hash records its own N, so old hashes still verify.
  SCRYPT_N: v.pipe(
    v.optional(v.string(), String(defaultScryptN)),
    v.regex(/^\d{1,8}$/, 'SCRYPT_N must be a whole number'),
    v.transform(Number),
    v.check((n) => n >= 2 && n <= 2 ** 20 && (n & (n - 1)) === 0, 'SCRYPT_N must be a power of two up to 1048576'),
  ),
  // auto: Secure exactly when the request arrived over https.
  COOKIE_SECURE: v.optional(v.picklist(['auto', 'true', 'false']), 'auto'),
  // Behind reverse proxies, believe their X-Forwarded-For, -Proto and -Host: how many hops sit in front of this
  // server (true is 1), or a comma list of the proxies' addresses or CIDR ranges. Off, the peer is the client.
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), 'false'),
    v.check((s) => {
      try {
        parseTrustProxy(s)
        return true
      } catch {
        return false
      }
    }, 'TRUST_PROXY must be true, false, a hop count or a comma list of proxy addresses or CIDR ranges'),
    v.transform(parseTrustProxy),
  ),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.regex(/^$|^https?:\/\/[^/\s]+$/, 'PUBLIC_URL must be an origin such as https://shop.example.com')), ''),
  // The sales portal's fixed agent identity stamped on every order; the sandbox defaults are the client's.
  PARTNER_ID: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('PARTNER_ID must not be empty')), String(PARTNER.id)),
  PARTNER_AGENT_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email('PARTNER_AGENT_EMAIL must be an email address')), PARTNER.agent_email),
  PARTNER_COMMENTS: v.optional(v.string(), PARTNER.comments),
  // The card provider (OPPWA / Peach Payments COPYandPAY); empty uses the sandbox inside this server.
  PAYMENT_BASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^$|^https?:\/\/[^\s?#]+[^/\s?#]$/, 'PAYMENT_BASE_URL must be an http(s) URL without a trailing slash')),
    '',
  ),
  PAYMENT_ENTITY_ID: v.optional(v.pipe(v.string(), v.trim()), ''),
  PAYMENT_ACCESS_TOKEN: v.optional(v.pipe(v.string(), v.trim()), ''),
  // The key the provider seals its payment notifications (webhooks) with, 64 hex digits; empty: no webhook is served.
  PAYMENT_WEBHOOK_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^[0-9a-fA-F]{64}$/, 'PAYMENT_WEBHOOK_KEY must be 64 hex digits (the key the provider shows for the webhook)')),
    '',
  ),
  // Whether the sandbox provider notifies this server of the payments it takes, as the real one does.
  PAYMENT_SANDBOX_WEBHOOKS: flag('true'),
  // How often the server asks the provider about checkouts and wallet charges left open (0: never; production refuses it).
  RECONCILE_INTERVAL_MS: wholeNumber('RECONCILE_INTERVAL_MS', 30_000, 0, 3_600_000),
  // A checkout, or a wallet charge without an answer, counts as left open once this old.
  RECONCILE_AFTER_MS: wholeNumber('RECONCILE_AFTER_MS', 120_000, 0, 86_400_000),
  // The SMTP server mails go out through (smtp:// or smtps://, credentials in the URL); empty keeps them in the sandbox mailbox.
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^$|^smtps?:\/\/\S+$/, 'SMTP_URL must be empty or an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.co.za'),
    ),
    '',
  ),
  // Who mails come from: an address, or a name and an address.
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^$|^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$|^[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>$/,
        'MAIL_FROM must be an address, or a name and an address such as Seed Storefront <no-reply@example.co.za>',
      ),
    ),
    '',
  ),
  // How often each instance sends the mails waiting in the mail outbox: short, so a link is in the mailbox at once.
  MAIL_OUTBOX_INTERVAL_MS: wholeNumber('MAIL_OUTBOX_INTERVAL_MS', 1_000, 10, 3_600_000),
  // An SMTP server that has not taken a mail within this long fails that try; a mail a dead instance held goes again after twice this.
  MAIL_SEND_TIMEOUT_MS: wholeNumber('MAIL_SEND_TIMEOUT_MS', 30_000, 100, 600_000),
  // How often the server applies the scheduled SIM actions (package changes, cancellations) whose date has come (0: never).
  SERVICE_ACTIONS_INTERVAL_MS: wholeNumber('SERVICE_ACTIONS_INTERVAL_MS', 60_000, 0, 3_600_000),
  // Vite builds these into the client; the server reads the same ones to allow Google's hosts in the page policy.
  VITE_GOOGLE_PAY: v.optional(v.string(), ''),
  VITE_GOOGLE_MAPS_KEY: v.optional(v.string(), ''),
  // The host the client loads /i18n/{lng}.json from; empty is this server.
  VITE_I18N_HOST: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^https?:\/\/[^/\s?#]+\/?$/, 'VITE_I18N_HOST must be empty or an origin such as https://cdn.example.co.za')),
    '',
  ),
  ...socialEnvEntries,
})

/** The card provider's server-side settings; `sandbox` uses the provider sandbox this server runs itself. */
export type PaymentSettings = { kind: 'sandbox' } | { kind: 'provider'; baseUrl: string; entityId: string; accessToken: string }

function readPayments(e: { PAYMENT_BASE_URL: string; PAYMENT_ENTITY_ID: string; PAYMENT_ACCESS_TOKEN: string }): PaymentSettings {
  const anySet = e.PAYMENT_BASE_URL !== '' || e.PAYMENT_ENTITY_ID !== '' || e.PAYMENT_ACCESS_TOKEN !== ''
  if (!anySet) return { kind: 'sandbox' }
  if (e.PAYMENT_BASE_URL === '' || e.PAYMENT_ENTITY_ID === '' || e.PAYMENT_ACCESS_TOKEN === '')
    throw new Error('Invalid environment: PAYMENT_BASE_URL, PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are all required for a real payment provider')
  return { kind: 'provider', baseUrl: e.PAYMENT_BASE_URL, entityId: e.PAYMENT_ENTITY_ID, accessToken: e.PAYMENT_ACCESS_TOKEN }
}

function readMail(e: { SMTP_URL: string; MAIL_FROM: string; PUBLIC_URL: string }): MailSettings {
  if (e.SMTP_URL === '') return { kind: 'sandbox', from: e.MAIL_FROM || sandboxSender }
  if (e.MAIL_FROM === '') throw new Error('Invalid environment: MAIL_FROM is required with SMTP_URL (the address mails come from)')
  // Whatever NODE_ENV: a link in a mail that leaves the server must never be built on the request's Host header.
  if (e.PUBLIC_URL === '') throw new Error('Invalid environment: PUBLIC_URL is required with SMTP_URL (the origin links in mails open)')
  return { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
}

/** Which Google scripts the built client loads (so the page policy allows their hosts). */
export interface ClientBuild {
  googlePay: boolean
  googlePlaces: boolean
  /** The other origin the translations load from (VITE_I18N_HOST), when one is set. */
  i18nOrigin?: string
}

/** Who the orders this storefront places are booked to; never taken from the request. */
export interface Partner {
  id: number | string
  comments: string
  agent_email: string
}

export const sandboxPartner: Partner = { ...PARTNER }

/** The server's settings, read from the environment once at start-up. */
export interface MetricsSettings {
  host: string
  port: number
  /** Empty: no token asked for. */
  token: string
}

export interface Config {
  port: number
  host: string
  databaseUrl: string
  databasePoolMax: number
  /** 0: no limit. */
  databaseStatementTimeoutMs: number
  /** 0: wait for ever. */
  migrationLockTimeoutMs: number
  shutdownGraceMs: number
  shutdownDrainMs: number
  keepAliveTimeoutMs: number
  logLevel: LogLevel
  /** Where GET /metrics is served (METRICS_PORT, METRICS_HOST, METRICS_TOKEN); undefined: nowhere. */
  metrics: MetricsSettings | undefined
  apiKey: string
  seed: boolean
  nodeEnv: 'production' | 'development' | 'test'
  /** SANDBOX=true: production may use the card-provider sandbox, the sandbox identity issuers and the sandbox mailbox. */
  sandboxes: boolean
  scryptN: number
  cookieSecure: 'auto' | boolean
  /** Which proxies' X-Forwarded-* headers to believe: false, a hop count, or their addresses and ranges. */
  trustProxy: TrustProxy
  /** The origin browsers use ('' = whatever Host they sent); redirect URIs for real providers are built on it. */
  publicUrl: string
  /** Real identity providers configured by environment; a provider left out uses the sandbox issuer. */
  social: SocialProviderSettings
  partner: Partner
  payments: PaymentSettings
  /** 64 hex digits, or '' when the provider sends no webhooks. */
  paymentWebhookKey: string
  sandboxWebhooks: boolean
  /** SMTP (SMTP_URL, MAIL_FROM), or the sandbox mailbox at /sandbox/mail. */
  mail: MailSettings
  /** How often the outbox job sends due mails. */
  mailOutboxIntervalMs: number
  /** How long one SMTP send may take; a claimed mail is taken back after twice this. */
  mailSendTimeoutMs: number
  /** 0: no reconciliation worker. */
  reconcileIntervalMs: number
  reconcileAfterMs: number
  /** 0: no job applies scheduled SIM actions. */
  serviceActionsIntervalMs: number
  clientBuild: ClientBuild
}

/** Parses env (process.env by default); throws one readable message naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) throw new Error(`Invalid environment: ${v.summarize(result.issues)}`)
  const e = result.output
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    migrationLockTimeoutMs: e.MIGRATION_LOCK_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    apiKey: e.API_KEY,
    seed: e.SEED,
    nodeEnv: e.NODE_ENV,
    sandboxes: e.SANDBOX,
    scryptN: e.SCRYPT_N,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    social: readSocialProviders(e),
    // A numeric id stays a number, as the client sends it.
    partner: { id: /^\d{1,15}$/.test(e.PARTNER_ID) ? Number(e.PARTNER_ID) : e.PARTNER_ID, comments: e.PARTNER_COMMENTS, agent_email: e.PARTNER_AGENT_EMAIL },
    payments: readPayments(e),
    paymentWebhookKey: e.PAYMENT_WEBHOOK_KEY,
    sandboxWebhooks: e.PAYMENT_SANDBOX_WEBHOOKS,
    mail: readMail(e),
    mailOutboxIntervalMs: e.MAIL_OUTBOX_INTERVAL_MS,
    mailSendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
    serviceActionsIntervalMs: e.SERVICE_ACTIONS_INTERVAL_MS,
    clientBuild: {
      googlePay: e.VITE_GOOGLE_PAY === 'google',
      googlePlaces: e.VITE_GOOGLE_MAPS_KEY !== '',
      ...(e.VITE_I18N_HOST ? { i18nOrigin: new URL(e.VITE_I18N_HOST).origin } : {}),
    },
  }
}
