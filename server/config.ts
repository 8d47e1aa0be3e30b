import * as v from 'valibot'
import { PARTNER } from '../src/domain/order.ts'
import { defaultScryptN } from './accounts/password.ts'
import { defaultMigrationLockTimeoutMs } from './db/migrate.ts'
import { sandboxSender } from './mail/mail.ts'
import type { MailSettings } from './mail/mail.ts'
import { parseTrustProxy } from './http/requestInfo.ts'
import type { TrustProxy } from './http/requestInfo.ts'
import { isSocialProvider, readSocialProviders, socialEnvEntries, socialProviders } from './social/providerConfig.ts'
import type { SocialProvider, SocialProviderSettings } from './social/providerConfig.ts'
import type { GooglePaySettings } from '../src/domain/clientSettings.ts'

const flag = (fallback: 'true' | 'false') =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), fallback),
    v.transform((s) => (s === '' ? fallback === 'true' : ['true', '1', 'yes'].includes(s))),
  )

/** A whole number of at most 9 digits between min and max, named in the error, with what the setting means. */
const wholeNumber = (name: string, fallback: number, min: number, max: number, { description }: { description: string }) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
    v.description(description),
  )

/** The application key of the sandbox build; public (it is in the demo's bundle), so production refuses it. */
export const sandboxApiKey = 'storefront-sandbox-key'

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/** Every setting the server reads, each with the description `npm run docs:config` writes into docs/configuration.md. */
export const EnvSchema = v.object({
  PORT: v.pipe(
    v.optional(v.string(), '8080'),
    v.regex(/^\d{1,5}$/, 'PORT must be a whole number'),
    v.transform(Number),
    v.maxValue(65535, 'PORT must be at most 65535'),
    v.description('The port of the one server process: the app, `/api` and `/i18n` are all served on it.'),
  ),
  HOST: v.pipe(
    v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
    v.description(
      'The address the server listens on. Loopback by default, because the sandbox key is public: exposing it to other devices is opt-in (`0.0.0.0`, which the Docker image sets).',
    ),
  ),
  DATABASE_URL: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^$|^memory:$|^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be empty, "memory:" or a postgres:// URL')), ''),
    v.description(
      'Empty: the embedded PGlite with its data under `.data/pglite`; `memory:`: an in-memory PGlite that forgets everything at exit; `postgres://user:pass@host:port/db`: a PostgreSQL server.',
    ),
  ),
  DATABASE_POOL_MAX: wholeNumber('DATABASE_POOL_MAX', 10, 1, 1000, {
    description:
      "The PostgreSQL connections this process opens at most (PGlite is one embedded connection); keep instances × this below PostgreSQL's `max_connections`.",
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber('DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000, {
    description: 'PostgreSQL cancels a statement running longer than this (`0`: no limit); migrations are exempt.',
  }),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber('DATABASE_CONNECT_TIMEOUT_MS', 5_000, 100, 600_000, {
    description:
      'A connection to PostgreSQL not established within this many milliseconds fails, and the request is answered 503 with Retry-After instead of waiting.',
  }),
  MIGRATION_LOCK_TIMEOUT_MS: wholeNumber('MIGRATION_LOCK_TIMEOUT_MS', defaultMigrationLockTimeoutMs, 0, 3_600_000, {
    description:
      'How long a migrator (a starting server or `npm run migrate`) waits for the migration lock (another instance migrating) or a table lock before it stops with an error, having applied nothing (`0`: wait for ever).',
  }),
  SHUTDOWN_GRACE_MS: wholeNumber('SHUTDOWN_GRACE_MS', 5_000, 0, 600_000, {
    description:
      'After SIGTERM, how long `/readyz` answers 503 while requests are still served, before new connections are refused (SIGINT skips it); give it at least the time the load balancer takes to notice a failing readiness check.',
  }),
  SHUTDOWN_DRAIN_MS: wholeNumber('SHUTDOWN_DRAIN_MS', 30_000, 0, 600_000, {
    description: "Then how long requests in flight get to finish before their connections are cut: above the card provider's 15 s timeout.",
  }),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber('KEEP_ALIVE_TIMEOUT_MS', 75_000, 1_000, 3_600_000, {
    description:
      "How long an idle kept-alive connection stays open: keep it above the load balancer's idle timeout (60 s on AWS), so the balancer, not this server, closes it; the header timeout is 1 s more.",
  }),
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
  LOG_LEVEL: v.pipe(
    v.optional(v.picklist(logLevels, `LOG_LEVEL must be one of ${logLevels.join(', ')}`), 'info'),
    v.description('The least severe log lines written to standard output (JSON lines).'),
  ),
  API_KEY: v.pipe(
    v.optional(v.pipe(v.string(), v.minLength(1, 'API_KEY must not be empty')), sandboxApiKey),
    v.description(
      "The application key every `/api` request must carry in the `Key` header. The default is public (the demo's pages carry it); the server hands the page its own key when it serves it.",
    ),
  ),
  SEED: v.pipe(flag('true'), v.description('Whether the sandbox catalogue and the demo customer (with a public password) are created; `false` skips them.')),
  NODE_ENV: v.pipe(
    v.optional(v.picklist(['production', 'development', 'test']), 'development'),
    v.description(
      "`production` (set by `npm run serve` and the Docker image) makes the server refuse to start with any of the demo's conveniences on (docs/operations.md); unset is the demo.",
    ),
  ),
  SANDBOX: v.pipe(
    flag('false'),
    v.description(
      '`true` lets production run the card-provider sandbox, the sandbox identity issuers and the sandbox mailbox, and hash with a lower `SCRYPT_N`: a staging server, never one with real customers. The demo runs the sandboxes whatever it says.',
    ),
  ),
  SCRYPT_N: v.pipe(
    v.optional(v.string(), String(defaultScryptN)),
    v.regex(/^\d{1,8}$/, 'SCRYPT_N must be a whole number'),
    v.transform(Number),
    v.check((n) => n >= 2 && n <= 2 ** 20 && (n & (n - 1)) === 0, 'SCRYPT_N must be a power of two up to 1048576'),
    v.description(
      'The scrypt cost of password hashes, a power of two up to 1048576. Lowering it only makes sense in tests; every hash records its own N, so old hashes still verify.',
    ),
  ),
  COOKIE_SECURE: v.pipe(
    v.optional(v.picklist(['auto', 'true', 'false']), 'auto'),
    v.description(
      '`auto`: the session cookie is Secure exactly when the request arrived over https or `PUBLIC_URL` is https; or always (`true`) or never (`false`).',
    ),
  ),
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
    v.description(
      "The reverse proxies whose `X-Forwarded-For`, `-Proto` and `-Host` to believe: `false` none (the socket peer is the client); a hop count (`true` is `1`: the client is the `X-Forwarded-For` entry that many from the right); or a comma list of the proxies' addresses or CIDR ranges (`10.0.0.0/8,fd00::/8`: the client is the right-most entry not among them, and only a peer among them is believed at all). The same proxies' `X-Request-Id` and `traceparent` are kept; anyone else's are replaced. Never set it when clients can reach the server directly.",
    ),
  ),
  PUBLIC_URL: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^$|^https?:\/\/[^/\s]+$/, 'PUBLIC_URL must be an origin such as https://shop.example.com')), ''),
    v.description(
      'The origin browsers use (such as `https://shop.example.co.za`); sign-in redirect addresses and the links in mails are built on it. Required with `SMTP_URL`; empty: whatever Host the browser sent.',
    ),
  ),
  PARTNER_ID: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('PARTNER_ID must not be empty')), String(PARTNER.id)),
    v.description(
      "The sales portal's partner id stamped on every order, set by the server and never taken from the browser (a numeric one is sent as a number); set your own in production.",
    ),
  ),
  PARTNER_AGENT_EMAIL: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.email('PARTNER_AGENT_EMAIL must be an email address')), PARTNER.agent_email),
    v.description("The sales portal's fixed agent identity stamped on every order; set your own in production."),
  ),
  PARTNER_COMMENTS: v.pipe(v.optional(v.string(), PARTNER.comments), v.description('The partner comment stamped on every order.')),
  PAYMENT_BASE_URL: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^$|^https?:\/\/[^\s?#]+[^/\s?#]$/, 'PAYMENT_BASE_URL must be an http(s) URL without a trailing slash')), ''),
    v.description(
      'The card provider (OPPWA / Peach Payments COPYandPAY) reached server to server, such as `https://eu-test.oppwa.com`; its widget script loads from there too, so the page policy allows that origin. Empty: the provider sandbox inside this server. Needs `PAYMENT_ENTITY_ID` and `PAYMENT_ACCESS_TOKEN`.',
    ),
  ),
  PAYMENT_ENTITY_ID: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description("The provider's entity id; needed with `PAYMENT_BASE_URL`, never sent to the browser."),
  ),
  PAYMENT_ACCESS_TOKEN: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description("The provider's bearer token; needed with `PAYMENT_BASE_URL`, never sent to the browser."),
  ),
  PAYMENT_WEBHOOK_KEY: v.pipe(
    v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^$|^[0-9a-fA-F]{64}$/, 'PAYMENT_WEBHOOK_KEY must be 64 hex digits (the key the provider shows for the webhook)')),
      '',
    ),
    v.description(
      'The key (64 hex digits) the provider seals its payment notifications with, as it shows it for the webhook at `PUBLIC_URL/api/payments/webhook`. Empty: no webhook is served (the sandbox then uses a key of its own). Recommended in production, not required: the reconciliation worker records every payment without it, only later.',
    ),
  ),
  PAYMENT_SANDBOX_WEBHOOKS: v.pipe(
    flag('true'),
    v.description('Whether the sandbox provider notifies this server of the payments it takes, as the real one does.'),
  ),
  RECONCILE_INTERVAL_MS: wholeNumber('RECONCILE_INTERVAL_MS', 30_000, 0, 3_600_000, {
    description: 'How often the server asks the provider about checkouts and wallet charges left open (`0`: never).',
  }),
  RECONCILE_AFTER_MS: wholeNumber('RECONCILE_AFTER_MS', 120_000, 0, 86_400_000, {
    description: 'A checkout, or a wallet charge without an answer, counts as left open (and is asked about) once this old.',
  }),
  SMTP_URL: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^$|^smtps?:\/\/\S+$/, 'SMTP_URL must be empty or an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.co.za'),
      ),
      '',
    ),
    v.description(
      'The SMTP server mails go out through, credentials in the URL (`smtps://user:password@smtp.example.co.za:465`): `smtps://`, or `smtp://` with STARTTLS required (a relay that does not offer it fails the mail, unless the URL says `?requireTLS=false` or `?ignoreTLS=true`). Needs `MAIL_FROM` and `PUBLIC_URL`. Empty: every mail stays in the sandbox mailbox at `/sandbox/mail`.',
    ),
  ),
  MAIL_FROM: v.pipe(
    v.optional(
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
    v.description(
      `Who mails come from: an address, or a name and an address (\`Name <address>\`). Required with \`SMTP_URL\`; empty with the sandbox mailbox means \`${sandboxSender}\`.`,
    ),
  ),
  SUPPORT_EMAIL: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/, 'SUPPORT_EMAIL must be an email address')), ''),
    v.description(
      'The address every Contact Us message is mailed to, with the customer as Reply-To; production requires it (the demo uses support@storefront.co.za in the sandbox mailbox).',
    ),
  ),
  SELLER_NAME: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description('The registered name of the seller printed on every tax invoice; production requires it.'),
  ),
  SELLER_ADDRESS: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description("The seller's address printed on every tax invoice, lines separated by commas or newlines; production requires it."),
  ),
  SELLER_VAT_NUMBER: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^4\d{9}$/, 'SELLER_VAT_NUMBER must be a South African VAT number: 10 digits starting with 4')), ''),
    v.description("The seller's South African VAT registration number (10 digits starting with 4) printed on every tax invoice; production requires it."),
  ),
  MAIL_OUTBOX_INTERVAL_MS: wholeNumber('MAIL_OUTBOX_INTERVAL_MS', 1_000, 10, 3_600_000, {
    description: 'How often each instance sends the mails waiting in the mail outbox: short, so a link is in the mailbox at once.',
  }),
  MAIL_SEND_TIMEOUT_MS: wholeNumber('MAIL_SEND_TIMEOUT_MS', 30_000, 100, 600_000, {
    description: 'An SMTP server that has not taken a mail within this long fails that try; a mail a dead instance had claimed is sent again after twice this.',
  }),
  SERVICE_ACTIONS_INTERVAL_MS: wholeNumber('SERVICE_ACTIONS_INTERVAL_MS', 60_000, 0, 3_600_000, {
    description: 'How often each instance applies the scheduled SIM actions (package changes, cancellations) whose date has come (`0`: never).',
  }),
  GOOGLE_PAY_ENVIRONMENT: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim().toUpperCase()),
    v.picklist(['', 'OFF', 'SANDBOX', 'TEST', 'PRODUCTION'], 'GOOGLE_PAY_ENVIRONMENT must be OFF, SANDBOX, TEST or PRODUCTION'),
    v.description(
      "The Google Pay button: PRODUCTION or TEST (Google's sheet), SANDBOX (the in-page stand-in) or OFF (no button); unset is SANDBOX with the sandbox card provider, else OFF. TEST and PRODUCTION need `GOOGLE_PAY_GATEWAY_MERCHANT_ID`; production refuses TEST (unless `SANDBOX=true`), and PRODUCTION without `GOOGLE_PAY_MERCHANT_ID`.",
    ),
  ),
  GOOGLE_PAY_MERCHANT_ID: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description('The merchant id from the Google Pay Business Console, which Google requires in PRODUCTION.'),
  ),
  GOOGLE_PAY_MERCHANT_NAME: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('GOOGLE_PAY_MERCHANT_NAME must not be empty')), 'Seed Storefront'),
    v.description("The name Google Pay's payment sheet shows the customer."),
  ),
  GOOGLE_PAY_GATEWAY_MERCHANT_ID: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description('The merchant id Peach Payments gave for Google Pay tokens (gatewayMerchantId); required with TEST or PRODUCTION.'),
  ),
  GOOGLE_MAPS_KEY: v.pipe(
    v.optional(v.pipe(v.string(), v.trim()), ''),
    v.description("A browser key for Google Places address suggestions (restrict it to this site's origin); empty uses the offline town list."),
  ),
  I18N_HOST: v.pipe(
    v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^$|^https?:\/\/[^/\s?#]+\/?$/, 'I18N_HOST must be empty or an origin such as https://cdn.example.co.za')),
      '',
    ),
    v.description('The origin the page loads its translations (/i18n/{lng}.json) from, such as https://cdn.example.co.za; empty is this server.'),
  ),
  SOCIAL_PROVIDERS: v.pipe(
    v.optional(v.string(), socialProviders.join(',')),
    v.transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((p) => p.trim().toLowerCase())
          .filter((p) => p !== ''),
      ),
    ]),
    v.check((names) => names.every(isSocialProvider), `SOCIAL_PROVIDERS must be a comma list of ${socialProviders.join(', ')} (or empty for none)`),
    v.transform((names) => names.filter(isSocialProvider)),
    v.description('The social sign-in providers offered, a comma list of google, facebook and twitter; empty offers none (default: all three).'),
  ),
  ...socialEnvEntries,
})

/** Who sells, as a tax invoice names them (SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER). */
export interface Seller {
  name: string
  address: string
  vatNumber: string
}

/** The demo's seller and support address; production refuses to start without its own (server/productionChecks.ts). */
export const demoSeller: Seller = { name: 'Seed Storefront (Pty) Ltd', address: '1 Demo Street, Gardens, Cape Town, 8001', vatNumber: '4000000000' }
export const demoSupportEmail = 'support@storefront.co.za'

/** The demo's defaults fill what is unset outside production; production keeps them empty, for its checks to refuse. */
function readSeller(e: { SELLER_NAME: string; SELLER_ADDRESS: string; SELLER_VAT_NUMBER: string }, demo: boolean): Seller {
  const given = { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, vatNumber: e.SELLER_VAT_NUMBER }
  return demo
    ? { name: given.name || demoSeller.name, address: given.address || demoSeller.address, vatNumber: given.vatNumber || demoSeller.vatNumber }
    : given
}

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

/** The wallet button the page shows, or null for none; unset, the sandbox card provider brings the sandbox wallet. */
function readGooglePay(
  e: { GOOGLE_PAY_ENVIRONMENT: string; GOOGLE_PAY_MERCHANT_ID: string; GOOGLE_PAY_MERCHANT_NAME: string; GOOGLE_PAY_GATEWAY_MERCHANT_ID: string },
  payments: PaymentSettings,
): GooglePaySettings | null {
  const environment = e.GOOGLE_PAY_ENVIRONMENT || (payments.kind === 'sandbox' ? 'SANDBOX' : 'OFF')
  if (environment === 'OFF') return null
  if (environment !== 'SANDBOX' && environment !== 'TEST' && environment !== 'PRODUCTION')
    throw new Error(`Invalid environment: GOOGLE_PAY_ENVIRONMENT ${environment}`)
  if (environment !== 'SANDBOX' && e.GOOGLE_PAY_GATEWAY_MERCHANT_ID === '')
    throw new Error(
      `Invalid environment: GOOGLE_PAY_GATEWAY_MERCHANT_ID is required with GOOGLE_PAY_ENVIRONMENT=${environment} (Peach Payments' id for Google Pay tokens)`,
    )
  return {
    environment,
    merchantId: e.GOOGLE_PAY_MERCHANT_ID,
    merchantName: e.GOOGLE_PAY_MERCHANT_NAME,
    gatewayMerchantId: e.GOOGLE_PAY_GATEWAY_MERCHANT_ID || 'sandbox',
  }
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
  /** A connection to PostgreSQL not established within this fails. */
  databaseConnectTimeoutMs: number
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
  /** Where Contact Us messages are mailed ('' in production when unset, which production refuses). */
  supportEmail: string
  /** The seller a tax invoice names (empty fields in production when unset, which production refuses). */
  seller: Seller
  /** How often the outbox job sends due mails. */
  mailOutboxIntervalMs: number
  /** How long one SMTP send may take; a claimed mail is taken back after twice this. */
  mailSendTimeoutMs: number
  /** 0: no reconciliation worker. */
  reconcileIntervalMs: number
  reconcileAfterMs: number
  /** 0: no job applies scheduled SIM actions. */
  serviceActionsIntervalMs: number
  /** The wallet button handed to the page; null: none. */
  googlePay: GooglePaySettings | null
  /** A browser key for Google Places; '' uses the offline town list. */
  googleMapsKey: string
  /** The origin the page loads translations from; '' is this server. */
  i18nHost: string
  /** The social sign-in providers offered; the others' endpoints answer 404. */
  socialProviders: SocialProvider[]
}

/** Parses env (process.env by default); throws one readable message naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) throw new Error(`Invalid environment: ${v.summarize(result.issues)}`)
  const e = result.output
  const payments = readPayments(e)
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
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
    payments,
    paymentWebhookKey: e.PAYMENT_WEBHOOK_KEY,
    sandboxWebhooks: e.PAYMENT_SANDBOX_WEBHOOKS,
    mail: readMail(e),
    supportEmail: e.SUPPORT_EMAIL || (e.NODE_ENV === 'production' ? '' : demoSupportEmail),
    seller: readSeller(e, e.NODE_ENV !== 'production'),
    mailOutboxIntervalMs: e.MAIL_OUTBOX_INTERVAL_MS,
    mailSendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
    serviceActionsIntervalMs: e.SERVICE_ACTIONS_INTERVAL_MS,
    googlePay: readGooglePay(e, payments),
    googleMapsKey: e.GOOGLE_MAPS_KEY,
    i18nHost: e.I18N_HOST.replace(/\/$/, ''),
    socialProviders: e.SOCIAL_PROVIDERS,
  }
}
