import * as v from 'valibot'
import { PARTNER } from '../src/domain/order.ts'
import { defaultScryptN } from './accounts/password.ts'
import { defaultMigrationLockTimeoutMs } from './db/migrate.ts'
import { sandboxApiKey } from './http/apiKey.ts'
import { parseTrustProxy } from './http/requestInfo.ts'
import { logLevels } from './log.ts'
import { nameInstance } from './release.ts'
import { brandEnvEntries, demoBrand, readBrand } from './brand/brandSettings.ts'
import { readMail, sandboxSender } from './mail/mail.ts'
import { readPush } from './push/pushSettings.ts'
import { readMetrics } from './metrics.ts'
import { readPartner } from './orders/partner.ts'
import { readSeller } from './orders/seller.ts'
import { readNetwork } from './network/networkSettings.ts'
import { readGooglePay, readPayments } from './payments/paymentSettings.ts'
import { isSocialProvider, readSocialProviders, socialEnvEntries, socialProviders } from './social/providerConfig.ts'
import { readSupportEmail } from './support/supportInbox.ts'
import { defaultStaffIdleMinutes, defaultStaffSessionHours } from './staff/staffSessions.ts'

// The e2e tests name the demo's partner from here.
export { sandboxPartner } from './orders/partner.ts'

type Schema = v.GenericSchema<string | undefined, unknown>
/** A schema whose errors name its variable, made from the name the table declares it under. */
type Named<S extends Schema> = (name: string) => S
type SchemaOf<S> = S extends Named<infer Made> ? Made : S
/** A variable that alone fills a Config key with its parsed value. */
interface Fills<K extends string, S extends Schema> {
  fills: K
  schema: S | Named<S>
}
/** A variable read with others into one Config key, by that key's reader in `composed`. */
interface PartOf<K extends string, S extends Schema> {
  partOf: K
  schema: S
}
const fills = <K extends string, S extends Schema>(key: K, schema: S | Named<S>): Fills<K, S> => ({ fills: key, schema })
const partOf = <K extends string, S extends Schema>(key: K, schema: S): PartOf<K, S> => ({ partOf: key, schema })

const flag = (fallback: 'true' | 'false') =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), fallback),
    v.transform((s) => (s === '' ? fallback === 'true' : ['true', '1', 'yes'].includes(s))),
  )

/**
 * A setting that fills `key` with a whole number of at most 9 digits between min and max (`fallback` when unset), with
 * what it means; its schema is made from the variable's name, which its errors carry.
 */
const wholeNumber = <K extends string>(key: K, { fallback, min, max }: { fallback: number; min: number; max: number }, description: string) =>
  fills(key, (name: string) =>
    v.pipe(
      v.optional(v.string(), String(fallback)),
      v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
      v.transform(Number),
      v.minValue(min, `${name} must be at least ${min}`),
      v.maxValue(max, `${name} must be at most ${max}`),
      v.description(description),
    ),
  )

/**
 * Every setting the server reads, declared once: its variable, its schema (with the description `npm run docs:config`
 * writes into docs/configuration.md) and the Config key it fills, alone (`fills`) or with others (`partOf`, read below).
 */
export const settings = {
  PORT: fills(
    'port',
    v.pipe(
      v.optional(v.string(), '8080'),
      v.regex(/^\d{1,5}$/, 'PORT must be a whole number'),
      v.transform(Number),
      v.maxValue(65535, 'PORT must be at most 65535'),
      v.description('The port of the one server process: the app, `/api` and `/i18n` are all served on it.'),
    ),
  ),
  HOST: fills(
    'host',
    v.pipe(
      v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
      v.description(
        'The address the server listens on. Loopback by default, because the sandbox key is public: exposing it to other devices is opt-in (`0.0.0.0`, which the Docker image sets).',
      ),
    ),
  ),
  DATABASE_URL: fills(
    'databaseUrl',
    v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^$|^memory:$|^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be empty, "memory:" or a postgres:// URL')), ''),
      v.description(
        'Empty: the embedded PGlite with its data under `.data/pglite`; `memory:`: an in-memory PGlite that forgets everything at exit; `postgres://user:pass@host:port/db`: a PostgreSQL server.',
      ),
    ),
  ),
  DATABASE_POOL_MAX: wholeNumber(
    'databasePoolMax',
    { fallback: 10, min: 1, max: 1000 },
    "The PostgreSQL connections this process's pool opens at most (PGlite is one embedded connection); each process holds one more, listening for catalogue changes: keep instances × (this + 1) below PostgreSQL's `max_connections`.",
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(
    'databaseStatementTimeoutMs',
    { fallback: 10_000, min: 0, max: 3_600_000 },
    'PostgreSQL cancels a statement running longer than this (`0`: no limit); migrations are exempt.',
  ),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(
    'databaseConnectTimeoutMs',
    { fallback: 5_000, min: 100, max: 600_000 },
    'A connection to PostgreSQL not established within this many milliseconds fails, and the request is answered 503 with Retry-After instead of waiting.',
  ),
  MIGRATION_LOCK_TIMEOUT_MS: wholeNumber(
    'migrationLockTimeoutMs',
    { fallback: defaultMigrationLockTimeoutMs, min: 0, max: 3_600_000 },
    'How long a migrator (a starting server, or `node dist/server/migrate.js` before a release starts) waits for the migration lock (another instance migrating) or a table lock before it stops with an error, having applied nothing (`0`: wait for ever).',
  ),
  SHUTDOWN_GRACE_MS: wholeNumber(
    'shutdownGraceMs',
    { fallback: 5_000, min: 0, max: 600_000 },
    'After SIGTERM, how long `/readyz` answers 503 while requests are still served, before new connections are refused (SIGINT skips it); give it at least the time the load balancer takes to notice a failing readiness check.',
  ),
  SHUTDOWN_DRAIN_MS: wholeNumber(
    'shutdownDrainMs',
    { fallback: 30_000, min: 0, max: 600_000 },
    "Then how long requests in flight get to finish before their connections are cut: above the card provider's 15 s timeout.",
  ),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(
    'keepAliveTimeoutMs',
    { fallback: 75_000, min: 1_000, max: 3_600_000 },
    "How long an idle kept-alive connection stays open: keep it above the load balancer's idle timeout (60 s on AWS), so the balancer, not this server, closes it; the header timeout is 1 s more.",
  ),
  METRICS_PORT: partOf(
    'metrics',
    v.pipe(
      v.optional(v.string(), ''),
      v.regex(/^$|^\d{1,5}$/, 'METRICS_PORT must be empty or a whole number'),
      v.transform((port) => (port === '' ? undefined : Number(port))),
      v.check((port) => port === undefined || port <= 65535, 'METRICS_PORT must be at most 65535'),
      v.description('The port Prometheus scrapes GET /metrics on, apart from the storefront; unset: no metrics are served.'),
    ),
  ),
  METRICS_HOST: partOf(
    'metrics',
    v.pipe(
      v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
      v.description('The address the metrics port listens on: loopback by default; any other needs METRICS_TOKEN in production.'),
    ),
  ),
  METRICS_TOKEN: partOf(
    'metrics',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description('When set, a scrape must send Authorization: Bearer <this token>; at least 32 characters in production.'),
    ),
  ),
  LOG_LEVEL: fills(
    'logLevel',
    v.pipe(
      v.optional(v.picklist(logLevels, `LOG_LEVEL must be one of ${logLevels.join(', ')}`), 'info'),
      v.description('The least severe log lines written to standard output (JSON lines).'),
    ),
  ),
  INSTANCE_NAME: fills(
    'instanceName',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.regex(
        /^$|^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/,
        'INSTANCE_NAME must be at most 100 letters, digits, dots, dashes, underscores or colons, beginning with a letter or digit',
      ),
      v.description(
        "This instance's name among those serving one database (`web-1`): on every log line (`instance`) and on the scheduled SIM actions it applies. Unset: its host name and process id (`web-1:4123`).",
      ),
    ),
  ),
  API_KEY: fills(
    'apiKey',
    v.pipe(
      v.optional(v.pipe(v.string(), v.minLength(1, 'API_KEY must not be empty')), sandboxApiKey),
      v.description(
        "The application key every `/api` request must carry in the `Key` header. The default is public (the demo's pages carry it); the server hands the page its own key when it serves it.",
      ),
    ),
  ),
  SEED: fills(
    'seed',
    v.pipe(flag('true'), v.description('Whether the sandbox catalogue and the demo customer (with a public password) are created; `false` skips them.')),
  ),
  NODE_ENV: fills(
    'nodeEnv',
    v.pipe(
      v.optional(v.picklist(['production', 'development', 'test']), 'development'),
      v.description(
        "`production` (set by `npm run serve` and the Docker image) makes the server refuse to start with any of the demo's conveniences on (docs/operations.md); unset is the demo.",
      ),
    ),
  ),
  SANDBOX: fills(
    'sandboxes',
    v.pipe(
      flag('false'),
      v.description(
        '`true` lets production run the sandbox network (made-up SIM numbers, balances and usage), the card-provider sandbox, the sandbox identity issuers and the sandbox mailbox, and hash with a lower `SCRYPT_N`: a staging server, never one with real customers; every start then says at warn what is simulated. The demo runs the sandboxes whatever it says.',
      ),
    ),
  ),
  SCRYPT_N: fills(
    'scryptN',
    v.pipe(
      v.optional(v.string(), String(defaultScryptN)),
      v.regex(/^\d{1,8}$/, 'SCRYPT_N must be a whole number'),
      v.transform(Number),
      v.check((n) => n >= 2 && n <= 2 ** 20 && (n & (n - 1)) === 0, 'SCRYPT_N must be a power of two up to 1048576'),
      v.description(
        'The scrypt cost of password hashes, a power of two up to 1048576. Lowering it only makes sense in tests; every hash records its own N, so old hashes still verify.',
      ),
    ),
  ),
  COOKIE_SECURE: fills(
    'cookieSecure',
    v.pipe(
      v.optional(v.picklist(['auto', 'true', 'false']), 'auto'),
      v.transform((s): 'auto' | boolean => (s === 'auto' ? 'auto' : s === 'true')),
      v.description(
        '`auto`: the session cookie is Secure exactly when the request arrived over https or `PUBLIC_URL` is https; or always (`true`) or never (`false`).',
      ),
    ),
  ),
  TRUST_PROXY: fills(
    'trustProxy',
    v.pipe(
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
  ),
  STAFF_IDLE_MINUTES: wholeNumber(
    'staffIdleMinutes',
    { fallback: defaultStaffIdleMinutes, min: 1, max: 1_440 },
    'A back-office session ends after this many minutes without a request; the member signs in again with their passkey (docs/back-office.md).',
  ),
  STAFF_SESSION_HOURS: wholeNumber(
    'staffSessionHours',
    { fallback: defaultStaffSessionHours, min: 1, max: 168 },
    'A back-office session ends this many hours after its sign-in, however busy it is.',
  ),
  PUBLIC_URL: fills(
    'publicUrl',
    v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^$|^https?:\/\/[^/\s]+$/, 'PUBLIC_URL must be an origin such as https://shop.example.com')), ''),
      v.description(
        'The origin browsers use (such as `https://shop.example.co.za`); sign-in redirect addresses and the links in mails are built on it. Required with `SMTP_URL`; empty: whatever Host the browser sent.',
      ),
    ),
  ),
  PARTNER_ID: partOf(
    'partner',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('PARTNER_ID must not be empty')), String(PARTNER.id)),
      v.description(
        "The partner id every order and payment is booked to: the server stamps it (never the browser's) with `PARTNER_COMMENTS` and `PARTNER_AGENT_EMAIL` in the `partner` column of each order and payment it records, and a customer's payment records (`GET /api/v2/billing/partner/payments/{user_id}`) show it; nothing else reads it. A numeric one is kept as a number. Set the id your sales records book this shop's orders to.",
      ),
    ),
  ),
  PARTNER_AGENT_EMAIL: partOf(
    'partner',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.email('PARTNER_AGENT_EMAIL must be an email address')), PARTNER.agent_email),
      v.description(
        "The agent address every order and payment is booked to, stamped beside `PARTNER_ID` (read the same way, by the same things); set the address your sales records use, not the demo shop's.",
      ),
    ),
  ),
  PARTNER_COMMENTS: partOf('partner', v.pipe(v.optional(v.string(), PARTNER.comments), v.description('The partner comment stamped on every order.'))),
  PAYMENT_BASE_URL: partOf(
    'payments',
    v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^$|^https?:\/\/[^\s?#]+[^/\s?#]$/, 'PAYMENT_BASE_URL must be an http(s) URL without a trailing slash')), ''),
      v.description(
        'The card provider (OPPWA / Peach Payments COPYandPAY) reached server to server, such as `https://eu-test.oppwa.com`; its widget script loads from there too, so the page policy allows that origin. Empty: the provider sandbox inside this server. Needs `PAYMENT_ENTITY_ID` and `PAYMENT_ACCESS_TOKEN`.',
      ),
    ),
  ),
  PAYMENT_ENTITY_ID: partOf(
    'payments',
    v.pipe(v.optional(v.pipe(v.string(), v.trim()), ''), v.description("The provider's entity id; needed with `PAYMENT_BASE_URL`, never sent to the browser.")),
  ),
  PAYMENT_ACCESS_TOKEN: partOf(
    'payments',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description("The provider's bearer token; needed with `PAYMENT_BASE_URL`, never sent to the browser."),
    ),
  ),
  PAYMENT_WEBHOOK_KEY: fills(
    'paymentWebhookKey',
    v.pipe(
      v.optional(
        v.pipe(v.string(), v.trim(), v.regex(/^$|^[0-9a-fA-F]{64}$/, 'PAYMENT_WEBHOOK_KEY must be 64 hex digits (the key the provider shows for the webhook)')),
        '',
      ),
      v.description(
        'The key (64 hex digits) the provider seals its payment notifications with, as it shows it for the webhook at `PUBLIC_URL/api/payments/webhook`. Empty: no webhook is served (the sandbox then uses a key of its own). Recommended in production, not required: the reconciliation worker records every payment without it, only later.',
      ),
    ),
  ),
  ID_NUMBER_KEY: fills(
    'idNumberKey',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^[0-9a-fA-F]{64}$/, 'ID_NUMBER_KEY must be 64 hex digits (a 256-bit key)')), ''),
      v.description(
        "The key (64 hex digits, such as `openssl rand -hex 32` prints) customers' ID and passport numbers are sealed with (AES-256-GCM) in the database. Empty: the demo's public key, which production refuses. Store it apart from the database and its backups (a copy of either then holds no readable ID number), and never lose it: without it no sealed number can be read again.",
      ),
    ),
  ),
  PAYMENT_SANDBOX_WEBHOOKS: fills(
    'sandboxWebhooks',
    v.pipe(flag('true'), v.description('Whether the sandbox provider notifies this server of the payments it takes, as the real one does.')),
  ),
  RECONCILE_INTERVAL_MS: wholeNumber(
    'reconcileIntervalMs',
    { fallback: 30_000, min: 0, max: 3_600_000 },
    'How often the server asks the provider about checkouts, wallet charges and refunds left open (`0`: never).',
  ),
  RECONCILE_AFTER_MS: wholeNumber(
    'reconcileAfterMs',
    { fallback: 120_000, min: 0, max: 86_400_000 },
    'A checkout, a wallet charge or a refund without an answer counts as left open (and is asked about) once this old.',
  ),
  NETWORK_BASE_URL: partOf(
    'network',
    v.pipe(
      v.optional(
        v.pipe(v.string(), v.trim(), v.regex(/^$|^https?:\/\/[^\s?#]+[^/\s?#]$/, 'NETWORK_BASE_URL must be an http(s) URL without a trailing slash')),
        '',
      ),
      v.description(
        "The reseller's enabler (MVNE), reached server to server through the contract in docs/network.md (activations, plan changes, bundles, cancellations, suspensions, readings), such as `https://api.enabler.example.co.za`. Needs `NETWORK_API_TOKEN` and `NETWORK_WEBHOOK_SECRET`. Empty: the sandbox network inside this server, which makes up numbers, balances and usage (production refuses it unless `SANDBOX=true`).",
      ),
    ),
  ),
  NETWORK_API_TOKEN: partOf(
    'network',
    v.pipe(v.optional(v.pipe(v.string(), v.trim()), ''), v.description("The enabler's bearer token for our calls; needed with `NETWORK_BASE_URL`.")),
  ),
  NETWORK_WEBHOOK_SECRET: partOf(
    'network',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^\S{32,}$/, 'NETWORK_WEBHOOK_SECRET must be at least 32 characters without spaces')), ''),
      v.description(
        'The secret (at least 32 characters; its UTF-8 bytes are the HMAC-SHA256 key) the enabler signs the events it sends to `PUBLIC_URL/api/network/events` with; needed with `NETWORK_BASE_URL`. Without it the sandbox network signs with a key of its own.',
      ),
    ),
  ),
  NETWORK_OUTBOX_INTERVAL_MS: wholeNumber(
    'networkOutboxIntervalMs',
    { fallback: 1_000, min: 10, max: 3_600_000 },
    'How often each instance sends the changes waiting in the network outbox (activations, plan changes, bundles, cancellations, suspensions).',
  ),
  NETWORK_CHECK_INTERVAL_MS: wholeNumber(
    'networkCheckIntervalMs',
    { fallback: 3_600_000, min: 0, max: 86_400_000 },
    'How often each instance reads the active SIMs from the network and logs at warn any difference from what we hold (`0`: never).',
  ),
  ASSET_HISTORY_DAYS: wholeNumber(
    'assetHistoryDays',
    { fallback: 30, min: 1, max: 3650 },
    "How many days the client's hashed files of a release stay in the database after the last instance serving that release stopped: any instance answers them, so pages of the release serving beside it during a rolling upgrade, and tabs and service workers of a release that stopped serving, still load their scripts (docs/upgrades.md).",
  ),
  SMTP_URL: partOf(
    'mail',
    v.pipe(
      v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^$|^smtps?:\/\/\S+$/, 'SMTP_URL must be empty or an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.co.za'),
        ),
        '',
      ),
      v.description(
        'The SMTP server mails go out through, credentials in the URL (`smtps://user:password@smtp.example.co.za:465`): `smtps://`, or `smtp://` with STARTTLS required (a relay that does not offer it fails the mail, unless the URL says `?requireTLS=false` or `?ignoreTLS=true`, which production refuses with credentials in the URL). Needs `MAIL_FROM` and `PUBLIC_URL`. Empty: every mail stays in the sandbox mailbox at `/sandbox/mail`.',
      ),
    ),
  ),
  MAIL_FROM: partOf(
    'mail',
    v.pipe(
      v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(
            /^$|^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$|^[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>$/,
            'MAIL_FROM must be an address, or a name and an address such as Acme Mobile <no-reply@example.co.za>',
          ),
        ),
        '',
      ),
      v.description(
        `Who mails come from: an address, or a name and an address (\`Name <address>\`). Required with \`SMTP_URL\`; empty with the sandbox mailbox means SHOP_NAME's mails from no-reply@storefront.co.za (the demo's: \`${sandboxSender}\`).`,
      ),
    ),
  ),
  SUPPORT_EMAIL: partOf(
    'supportEmail',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/, 'SUPPORT_EMAIL must be an email address')), ''),
      v.description(
        'The address every Contact Us message is mailed to, with the customer as Reply-To; production requires it (the demo uses support@storefront.co.za in the sandbox mailbox).',
      ),
    ),
  ),
  FINANCE_EMAIL: partOf(
    'financeEmail',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/, 'FINANCE_EMAIL must be an email address')), ''),
      v.description(
        'The address told of each payment owed back (a second payment of a paid order, say), with a link to the refunds queue at `PUBLIC_URL/staff/payments`. Empty: `SUPPORT_EMAIL`.',
      ),
    ),
  ),
  SELLER_NAME: partOf(
    'seller',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description('The registered name of the seller printed on every tax invoice; production requires it.'),
    ),
  ),
  SELLER_ADDRESS: partOf(
    'seller',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description("The seller's address printed on every tax invoice, lines separated by commas or newlines; production requires it."),
    ),
  ),
  SELLER_VAT_NUMBER: partOf(
    'seller',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^4\d{9}$/, 'SELLER_VAT_NUMBER must be a South African VAT number: 10 digits starting with 4')), ''),
      v.description("The seller's South African VAT registration number (10 digits starting with 4) printed on every tax invoice; production requires it."),
    ),
  ),
  SHOP_NAME: partOf('brand', brandEnvEntries.SHOP_NAME),
  SHOP_SHORT_NAME: partOf('brand', brandEnvEntries.SHOP_SHORT_NAME),
  SHOP_THEME_COLOUR: partOf('brand', brandEnvEntries.SHOP_THEME_COLOUR),
  SHOP_ICON: partOf('brand', brandEnvEntries.SHOP_ICON),
  SHOP_LOGO: partOf('brand', brandEnvEntries.SHOP_LOGO),
  SHOP_FOOTER: partOf('brand', brandEnvEntries.SHOP_FOOTER),
  SUPPORT_PHONE: partOf('brand', brandEnvEntries.SUPPORT_PHONE),
  MAIL_SENDER_NAME: partOf('mail', brandEnvEntries.MAIL_SENDER_NAME),
  MAIL_SIGNATURE: partOf('brand', brandEnvEntries.MAIL_SIGNATURE),
  LEGAL_DIR: fills(
    'legalDir',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description(
        "The folder of the shop's legal pages, `{en,xh,af}/{seller,privacy,terms,paia}.md` in Markdown (start from a copy of `legal/templates/`; docs/legal-pages.md). Empty: the shipped templates, which the demo fills with sample values. Production refuses to start while a file is missing or a `{{fill in: …}}` placeholder is left, naming each by file.",
      ),
    ),
  ),
  MAIL_OUTBOX_INTERVAL_MS: wholeNumber(
    'mailOutboxIntervalMs',
    { fallback: 1_000, min: 10, max: 3_600_000 },
    'How often each instance sends the mails waiting in the mail outbox: short, so a link is in the mailbox at once.',
  ),
  MAIL_SEND_TIMEOUT_MS: wholeNumber(
    'mailSendTimeoutMs',
    { fallback: 30_000, min: 100, max: 600_000 },
    'An SMTP server that has not taken a mail within this long fails that try; a mail a dead instance had claimed is sent again after twice this.',
  ),
  VAPID_PUBLIC_KEY: partOf(
    'push',
    v.pipe(
      v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^$|^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url (npm run push:keys)'),
        ),
        '',
      ),
      v.description(
        "The public half of the key pair Web Push notifications are signed with (VAPID, RFC 8292), base64url; browsers bind each subscription to it, so changing it ends every device's subscription. `npm run push:keys` prints a new pair. Empty: the demo's public pair, which production refuses (unless `SANDBOX=true`).",
      ),
    ),
  ),
  VAPID_PRIVATE_KEY: partOf(
    'push',
    v.pipe(
      v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^$|^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url (npm run push:keys)'),
        ),
        '',
      ),
      v.description(
        "The private half of the VAPID pair (base64url, 32 bytes), set with `VAPID_PUBLIC_KEY`; keep it secret. Production refuses a key that is not the public key's.",
      ),
    ),
  ),
  VAPID_SUBJECT: partOf(
    'push',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^(mailto:|https:)\S+$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')), ''),
      v.description(
        "How a push service can reach the operator, in every notification's signature: `mailto:ops@shop.co.za` or an https page. Production refuses the demo's, and a localhost, example, .local or .test host (Apple's push service refuses those).",
      ),
    ),
  ),
  PUSH_OUTBOX_INTERVAL_MS: wholeNumber(
    'pushOutboxIntervalMs',
    { fallback: 1_000, min: 10, max: 3_600_000 },
    'How often each instance sends the notifications waiting in the push outbox (docs/push.md).',
  ),
  SERVICE_ACTIONS_INTERVAL_MS: wholeNumber(
    'serviceActionsIntervalMs',
    { fallback: 60_000, min: 0, max: 3_600_000 },
    'How often each instance applies the scheduled SIM actions (package changes, cancellations) whose date has come (`0`: never).',
  ),
  GOOGLE_PAY_ENVIRONMENT: partOf(
    'googlePay',
    v.pipe(
      v.optional(v.string(), ''),
      v.transform((s) => s.trim().toUpperCase()),
      v.picklist(['', 'OFF', 'SANDBOX', 'TEST', 'PRODUCTION'], 'GOOGLE_PAY_ENVIRONMENT must be OFF, SANDBOX, TEST or PRODUCTION'),
      v.description(
        "The Google Pay button: PRODUCTION or TEST (Google's sheet), SANDBOX (the in-page stand-in) or OFF (no button); unset is SANDBOX with the sandbox card provider, else OFF. TEST and PRODUCTION need `GOOGLE_PAY_GATEWAY_MERCHANT_ID`; production refuses TEST (unless `SANDBOX=true`), and PRODUCTION without `GOOGLE_PAY_MERCHANT_ID`.",
      ),
    ),
  ),
  GOOGLE_PAY_MERCHANT_ID: partOf(
    'googlePay',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description('The merchant id from the Google Pay Business Console, which Google requires in PRODUCTION.'),
    ),
  ),
  GOOGLE_PAY_MERCHANT_NAME: partOf(
    'googlePay',
    v.pipe(v.optional(v.pipe(v.string(), v.trim()), ''), v.description("The name Google Pay's payment sheet shows the customer. Empty: SHOP_NAME.")),
  ),
  GOOGLE_PAY_GATEWAY_MERCHANT_ID: partOf(
    'googlePay',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description('The merchant id Peach Payments gave for Google Pay tokens (gatewayMerchantId); required with TEST or PRODUCTION.'),
    ),
  ),
  GOOGLE_MAPS_KEY: fills(
    'googleMapsKey',
    v.pipe(
      v.optional(v.pipe(v.string(), v.trim()), ''),
      v.description("A browser key for Google Places address suggestions (restrict it to this site's origin); empty uses the offline town list."),
    ),
  ),
  I18N_HOST: fills(
    'i18nHost',
    v.pipe(
      v.optional(
        v.pipe(v.string(), v.trim(), v.regex(/^$|^https?:\/\/[^/\s?#]+\/?$/, 'I18N_HOST must be empty or an origin such as https://cdn.example.co.za')),
        '',
      ),
      v.transform((s) => s.replace(/\/$/, '')),
      v.description('The origin the page loads its translations (/i18n/{lng}.json) from, such as https://cdn.example.co.za; empty is this server.'),
    ),
  ),
  SOCIAL_PROVIDERS: fills(
    'socialProviders',
    v.pipe(
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
  ),
  ...(Object.fromEntries(Object.entries(socialEnvEntries).map(([name, schema]) => [name, partOf('social', schema)])) as {
    [N in keyof typeof socialEnvEntries]: PartOf<'social', (typeof socialEnvEntries)[N]>
  }),
}

/** The environment schema the declarations make, in their order. */
export const EnvSchema = v.object(
  Object.fromEntries(Object.entries(settings).map(([name, { schema }]) => [name, typeof schema === 'function' ? schema(name) : schema])) as {
    [N in keyof Settings]: SchemaOf<Settings[N]['schema']>
  },
)
type Env = v.InferOutput<typeof EnvSchema>
type Settings = typeof settings

/** The shop's name where another setting defaults to it: SHOP_NAME, or the demo's outside production. */
const shopName = (e: Env) => e.SHOP_NAME || (e.NODE_ENV === 'production' ? '' : demoBrand.name)

/** The keys several variables fill together, each read from the parsed environment, in this order (the first to throw names its variables). */
const composed = {
  social: (e: Env) => readSocialProviders(e),
  partner: (e: Env) => readPartner(e),
  payments: (e: Env) => readPayments(e),
  network: (e: Env) => readNetwork(e),
  brand: (e: Env) => readBrand(e, e.NODE_ENV !== 'production'),
  mail: (e: Env) => readMail(e, shopName(e)),
  supportEmail: (e: Env) => readSupportEmail(e, e.NODE_ENV !== 'production'),
  financeEmail: (e: Env) => e.FINANCE_EMAIL || readSupportEmail(e, e.NODE_ENV !== 'production'),
  seller: (e: Env) => readSeller(e, e.NODE_ENV !== 'production', e.SHOP_NAME),
  metrics: (e: Env) => readMetrics(e),
  push: (e: Env) => readPush(e),
  googlePay: (e: Env) => readGooglePay({ ...e, GOOGLE_PAY_MERCHANT_NAME: e.GOOGLE_PAY_MERCHANT_NAME || shopName(e) }, readPayments(e)),
} satisfies { [K in PartOfKeys]: (e: Env) => unknown }

type PartOfKeys = { [N in keyof Settings]: Settings[N] extends PartOf<infer K, Schema> ? K : never }[keyof Settings]
type Filled = { [N in keyof Settings as Settings[N] extends Fills<infer K, Schema> ? K : never]: v.InferOutput<SchemaOf<Settings[N]['schema']>> }

/** The server's settings, read from the environment once at start-up: one key per `fills`, one per `partOf` group. */
export type Config = Filled & { [K in keyof typeof composed]: ReturnType<(typeof composed)[K]> }

/**
 * Names this process (thisInstance) from INSTANCE_NAME alone, before the rest of the environment is read: the logger
 * is made first, and its first line names the instance too. A name loadConfig will refuse leaves the default.
 */
export function nameThisInstance(env: Record<string, string | undefined> = process.env): void {
  const name = v.safeParse(EnvSchema.entries.INSTANCE_NAME, env.INSTANCE_NAME)
  nameInstance(name.success ? name.output : '')
}

/** Parses env (process.env by default); throws one readable message naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) throw new Error(`Invalid environment: ${v.summarize(result.issues)}`)
  const e = result.output
  const config: Record<string, unknown> = {}
  for (const [name, setting] of Object.entries(settings)) if ('fills' in setting) config[setting.fills] = e[name as keyof Env]
  for (const [key, read] of Object.entries(composed)) config[key] = read(e)
  return config as Config
}
