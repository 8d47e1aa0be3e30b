import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { timingSafeEqual } from 'node:crypto'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Clock } from './clock.ts'
import type { Queryable } from './db/types.ts'
import type { Logger } from './log.ts'
import { refundsDueWhere } from './payments/refundsDue.ts'
import { release } from './release.ts'

/** This process's own series (requests, limiter refusals, the process itself): one registry, whichever servers it runs. */
const processRegistry = new Registry()

/** Every request the server answered, by method, route pattern (never the raw path) and status. */
export const requestDuration = new Histogram({
  name: 'storefront_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
})

/** Attempts a rate limit refused, by limit (the limiter and what it counts, such as login:email). */
export const limiterRefusals = new Counter({
  name: 'storefront_rate_limit_refusals_total',
  help: 'Attempts refused by a rate limit (answered 429), by limit.',
  labelNames: ['limit'] as const,
  registers: [processRegistry],
})

/** Events the network sent to the webhook, by whose network (sandbox or enabler), event type and outcome. */
export const networkEvents = new Counter({
  name: 'storefront_network_events_total',
  help: 'Events the network sent to the webhook, by network, type and outcome (applied, duplicate, unknown_sim, refused).',
  labelNames: ['network', 'type', 'outcome'] as const,
  registers: [processRegistry],
})

/** Staff actions (server/staff/audit.ts), by action and outcome (done, refused). */
export const staffActions = new Counter({
  name: 'storefront_staff_actions_total',
  help: 'Actions staff took in the back office, by action and outcome (done, refused).',
  labelNames: ['action', 'outcome'] as const,
  registers: [processRegistry],
})

/** Passkey sign-ins to the back office, by outcome: signed_in, refused (no such passkey, a bad or replayed answer), limited (429). */
export const staffSignIns = new Counter({
  name: 'storefront_staff_sign_ins_total',
  help: 'Passkey sign-ins to the back office, by outcome (signed_in, refused, limited).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
})

/** Which release this instance runs (server/release.ts): always 1, the labels are the point. */
new Gauge({
  name: 'storefront_build_info',
  help: 'The release this instance runs: package.json version and the commit it was built from (always 1).',
  labelNames: ['version', 'commit'] as const,
  registers: [processRegistry],
}).set({ version: release.version, commit: release.commit }, 1)

/** Orders placed: counted once when the order is inserted, never for a replayed or refused request. */
export const ordersPlaced = new Counter({
  name: 'storefront_orders_placed_total',
  help: 'Orders placed (each counted once, however often its request is sent again).',
  registers: [processRegistry],
})

/** How a payment turned out, once per payment: paid, refund_due (money taken that paid nothing), failed, abandoned. */
export type PaymentCount = 'paid' | 'refund_due' | 'failed' | 'abandoned'

/** Payments by method (card, wallet) and outcome, each counted once by the instance that settled it. */
export const payments = new Counter({
  name: 'storefront_payments_total',
  help: 'Payments by method (card, wallet) and outcome (paid, refund_due, failed, abandoned), each counted once.',
  labelNames: ['method', 'outcome'] as const,
  registers: [processRegistry],
})

/** Refunds the card provider answered, by outcome (refunded, failed): each counted once, when its answer is recorded. */
export const refunds = new Counter({
  name: 'storefront_refunds_total',
  help: 'Refunds the card provider answered, by outcome (refunded, failed).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
})

/** The card provider's payment notifications, by type (payment, other, unsealed, invalid) and outcome. */
export const paymentNotifications = new Counter({
  name: 'storefront_payment_notifications_total',
  help: "The card provider's notifications to the webhook, by type (payment, other, unsealed, invalid) and outcome (recorded, refund_due, known, unpaid, unknown, ignored, refused).",
  labelNames: ['type', 'outcome'] as const,
  registers: [processRegistry],
})

/** Calls to the card provider and the network, by provider, operation and outcome (ok, refused, unavailable). */
export const providerCalls = new Histogram({
  name: 'storefront_provider_call_duration_seconds',
  help: 'Calls to the card provider (provider="card"), the network (provider="network") and the push services (provider="push"), by operation and outcome (ok, refused, unavailable).',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30],
  registers: [processRegistry],
})

/**
 * Times one provider call: outcome ok when it answered, else what `failed` names the error (refused: it said no;
 * unavailable: unreachable, timed out or not speaking its protocol).
 */
export async function timeProviderCall<T>(
  labels: { provider: 'card' | 'network' | 'push'; operation: string },
  failed: (error: unknown) => 'refused' | 'unavailable',
  call: () => Promise<T>,
): Promise<T> {
  const end = providerCalls.startTimer(labels)
  try {
    const answer = await call()
    end({ outcome: 'ok' })
    return answer
  } catch (error) {
    end({ outcome: failed(error) })
    throw error
  }
}

/** Mails the outbox tried to send, by template and outcome (sent, retrying, failed: given up). */
export const mails = new Counter({
  name: 'storefront_mails_total',
  help: 'Mails the outbox tried to send, by template and outcome (sent, retrying: to be tried again, failed: given up).',
  labelNames: ['template', 'outcome'] as const,
  registers: [processRegistry],
})

/** Notifications the push outbox tried to send, by kind and outcome (sent, retrying, failed, gone: the device unsubscribed, expired). */
export const pushMessages = new Counter({
  name: 'storefront_push_messages_total',
  help: 'Notifications the push outbox tried to send, by kind and outcome (sent, retrying, failed: given up, gone: the device unsubscribed, expired: too late to show).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
})

/** Customers who made an account, by method (password, social). */
export const signUps = new Counter({
  name: 'storefront_sign_ups_total',
  help: 'Accounts made, by method (password: the sign-up form; social: a first sign-in with a provider).',
  labelNames: ['method'] as const,
  registers: [processRegistry],
})

/** Error reports from customers' browsers, by kind and outcome (logged, refused, limited). */
export const clientErrorReports = new Counter({
  name: 'storefront_client_error_reports_total',
  help: "Error reports from customers' browsers, by kind (unread for one refused before it was read) and outcome (logged, refused, limited).",
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
})

let processMetricsOn = false

/** A card checkout still open after this long is a customer who may have paid without the order knowing it. */
export const staleCheckoutMinutes = 15

interface Backlogs {
  stale_checkouts: number
  oldest_checkout_seconds: number
  unresolved_wallet_charges: number
  overdue_sim_actions: number
  mail_queued: number
  mail_failed: number
  mail_overdue_seconds: number
  network_queued: number
  network_failed: number
  network_overdue_seconds: number
  push_queued: number
  push_failed: number
  push_overdue_seconds: number
  refunds_owed: number
  refunds_owed_oldest_seconds: number
  refunds_unanswered: number
}

/** The backlogs an operator is paged on, counted in the database when scraped: shared by every instance on it. */
function backlogRegistry(db: Queryable, clock: Clock): Registry {
  const registry = new Registry()
  // One statement per scrape, shared by the gauges collected in the same scrape.
  let reading: Promise<Backlogs> | undefined
  const read = () => {
    reading ??= db
      .query<Backlogs>(
        `select
           (select count(*) from checkouts where settled_at is null and voided_at is null and created_at < $1::timestamptz - make_interval(mins => $2))::int as stale_checkouts,
           (select coalesce(extract(epoch from $1::timestamptz - min(created_at)), 0) from checkouts where settled_at is null and voided_at is null)::float8
              as oldest_checkout_seconds,
           (select count(*) from wallet_requests where status is null and charging_since is not null)::int as unresolved_wallet_charges,
           (select count(*) from service_actions where status = 'scheduled' and due_at <= $1::timestamptz)::int as overdue_sim_actions,
           (select count(*) from mail_outbox where sent_at is null and failed_at is null)::int as mail_queued,
           (select count(*) from mail_outbox where failed_at is not null)::int as mail_failed,
           (select coalesce(extract(epoch from $1::timestamptz - min(next_attempt_at)), 0) from mail_outbox
              where sent_at is null and failed_at is null and next_attempt_at <= $1::timestamptz)::float8 as mail_overdue_seconds,
           (select count(*) from network_requests where accepted_at is null and failed_at is null)::int as network_queued,
           (select count(*) from network_requests where failed_at is not null)::int as network_failed,
           (select coalesce(extract(epoch from $1::timestamptz - min(next_attempt_at)), 0) from network_requests
              where accepted_at is null and failed_at is null and next_attempt_at <= $1::timestamptz)::float8 as network_overdue_seconds,
           (select count(*) from push_outbox where sent_at is null and failed_at is null)::int as push_queued,
           (select count(*) from push_outbox where failed_at is not null)::int as push_failed,
           (select coalesce(extract(epoch from $1::timestamptz - min(next_attempt_at)), 0) from push_outbox
              where sent_at is null and failed_at is null and next_attempt_at <= $1::timestamptz)::float8 as push_overdue_seconds,
           (select count(*) from payments p where ${refundsDueWhere})::int as refunds_owed,
           (select coalesce(extract(epoch from $1::timestamptz - min(p.effective_date)), 0) from payments p where ${refundsDueWhere})::float8
              as refunds_owed_oldest_seconds,
           (select count(*) from refunds where status = 'pending')::int as refunds_unanswered`,
        [clock.now().toISOString(), staleCheckoutMinutes],
      )
      .then(([row]) => {
        if (!row) throw new Error('the backlog count returned no row')
        return row
      })
      .finally(() => setImmediate(() => (reading = undefined)))
    return reading
  }
  const gauge = (name: string, help: string, value: (b: Backlogs) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await read()))
      },
    })
  gauge(
    'storefront_card_checkouts_open_too_long',
    `Card checkouts neither paid nor voided ${staleCheckoutMinutes} minutes after they began (database-wide).`,
    (b) => b.stale_checkouts,
  )
  gauge(
    'storefront_card_checkouts_oldest_open_seconds',
    'How long the oldest card checkout neither paid nor voided has been open: 0 when none is (database-wide).',
    (b) => b.oldest_checkout_seconds,
  )
  gauge(
    'storefront_wallet_charges_unresolved',
    'Wallet (Google Pay) charges sent to the provider whose outcome is not known yet (database-wide).',
    (b) => b.unresolved_wallet_charges,
  )
  gauge(
    'storefront_sim_actions_overdue',
    'Scheduled SIM actions whose date has come but that are not applied yet (database-wide).',
    (b) => b.overdue_sim_actions,
  )
  new Gauge({
    name: 'storefront_mail_outbox',
    help: 'Mails in the outbox by state: queued (waiting to be sent or retried) or failed (given up) (database-wide).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const b = await read()
      this.set({ state: 'queued' }, b.mail_queued)
      this.set({ state: 'failed' }, b.mail_failed)
    },
  })
  new Gauge({
    name: 'storefront_network_outbox',
    help: 'Requests to the network in its outbox by state: queued (waiting to be sent or retried) or failed (given up) (database-wide).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const b = await read()
      this.set({ state: 'queued' }, b.network_queued)
      this.set({ state: 'failed' }, b.network_failed)
    },
  })
  new Gauge({
    name: 'storefront_push_outbox',
    help: 'Notifications in the push outbox by state: queued (waiting to be sent, retried or for quiet hours to end) or failed (given up, gone or expired) (database-wide).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const b = await read()
      this.set({ state: 'queued' }, b.push_queued)
      this.set({ state: 'failed' }, b.push_failed)
    },
  })
  new Gauge({
    name: 'storefront_outbox_overdue_seconds',
    help: 'How long the most overdue item of an outbox (mail, network, push) has been due without being sent: 0 when none is (database-wide).',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      const b = await read()
      this.set({ outbox: 'mail' }, b.mail_overdue_seconds)
      this.set({ outbox: 'network' }, b.network_overdue_seconds)
      this.set({ outbox: 'push' }, b.push_overdue_seconds)
    },
  })
  gauge('storefront_refunds_owed', 'Payments owed back to customers (refund_due, not yet refunded in full) (database-wide).', (b) => b.refunds_owed)
  gauge(
    'storefront_refunds_owed_oldest_seconds',
    'How long the oldest payment owed back has been owed, since it was taken: 0 when none is (database-wide).',
    (b) => b.refunds_owed_oldest_seconds,
  )
  gauge('storefront_refunds_unanswered', 'Refunds sent to the card provider whose answer is not known yet (database-wide).', (b) => b.refunds_unanswered)
  return registry
}

/** Where GET /metrics is served (METRICS_PORT, METRICS_HOST, METRICS_TOKEN). */
export interface MetricsSettings {
  host: string
  port: number
  /** Empty: no token asked for. */
  token: string
}

/** Metrics are served only when METRICS_PORT is set. */
export const readMetrics = (e: { METRICS_PORT: number | undefined; METRICS_HOST: string; METRICS_TOKEN: string }): MetricsSettings | undefined =>
  e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT, token: e.METRICS_TOKEN }

/** Port 0: any free port (tests). */
export interface MetricsOptions extends MetricsSettings {
  db: Queryable
  clock: Clock
  log: Logger
}

export interface MetricsServer {
  url: string
  close(): Promise<void>
}

const bearer = (token: string) => Buffer.from(`Bearer ${token}`)
const sameSecret = (given: string | undefined, expected: Buffer) => {
  const buffer = Buffer.from(given ?? '')
  return buffer.length === expected.length && timingSafeEqual(buffer, expected)
}

/**
 * Prometheus exposition on a listener of its own (never the storefront's port): GET /metrics, behind the token when
 * one is set. Process metrics are this instance's; the backlog gauges count the whole database.
 */
export async function startMetricsServer({ db, clock, host, port, token, log }: MetricsOptions): Promise<MetricsServer> {
  if (!processMetricsOn) {
    processMetricsOn = true
    collectDefaultMetrics({ register: processRegistry })
  }
  const registry = Registry.merge([processRegistry, backlogRegistry(db, clock)])
  const expected = token ? bearer(token) : undefined
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end()
    if (expected && !sameSecret(req.headers.authorization, expected)) return void res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end()
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed')
        res.writeHead(500).end()
      },
    )
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, done)
  })
  const address = server.address() as AddressInfo
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () => new Promise<void>((done) => server.close(() => done())).then(() => undefined),
  }
}
