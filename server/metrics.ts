import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { timingSafeEqual } from 'node:crypto'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Clock } from './clock.ts'
import type { Queryable } from './db/types.ts'
import type { Logger } from './log.ts'

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

let processMetricsOn = false

/** A card checkout still open after this long is a customer who may have paid without the order knowing it. */
export const staleCheckoutMinutes = 15

interface Backlogs {
  stale_checkouts: number
  unresolved_wallet_charges: number
  overdue_sim_actions: number
  mail_queued: number
  mail_failed: number
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
           (select count(*) from wallet_requests where status is null and charging_since is not null)::int as unresolved_wallet_charges,
           (select count(*) from service_actions where status = 'scheduled' and due_at <= $1::timestamptz)::int as overdue_sim_actions,
           (select count(*) from mail_outbox where sent_at is null and failed_at is null)::int as mail_queued,
           (select count(*) from mail_outbox where failed_at is not null)::int as mail_failed`,
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
