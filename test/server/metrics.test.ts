import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './helpers/testServer.ts'
import type { RunningServer } from '../../server/server.ts'
import { apiKey, call, signUp } from './helpers/accounts.ts'
import type { TestApp } from './helpers/accounts.ts'
import { MovableClock } from './helpers/clock.ts'
import { makeFakeDist } from './helpers/fakeDist.ts'
import { openCheckout } from './helpers/payments.ts'
import { customerWithSim, simRequest } from './helpers/simActions.ts'
import { freshDatabase, startupTimeout } from './helpers/testDb.ts'
import type { TestDatabase } from './helpers/testDb.ts'

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of a Prometheus text exposition (format 0.0.4): `name{label="value",…} number`, comments skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line)
    if (!match) throw new Error(`not an exposition line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

const token = 'metrics-token-of-the-test-0123456789abcdef'

describe('the Prometheus endpoint', () => {
  const dist = makeFakeDist()
  const clock = new MovableClock()
  let database: TestDatabase
  let server: RunningServer
  // The helpers speak to an app; this one forwards them to the running server, over HTTP.
  const app = { request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) } as unknown as TestApp

  const scrape = async (authorization = `Bearer ${token}`) => {
    const res = await fetch(server.metricsUrl!, authorization ? { headers: { Authorization: authorization } } : {})
    return { status: res.status, type: res.headers.get('Content-Type'), text: await res.text() }
  }
  const samples = async () => parseExposition((await scrape()).text)
  const seriesValue = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
    all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value

  beforeAll(async () => {
    database = await freshDatabase()
    server = await startTestServer({
      databaseUrl: database.url,
      seed: true,
      apiKey,
      distDir: dist.dir,
      clock,
      // Nothing in the background settles what the test leaves waiting.
      reconcileIntervalMs: 0,
      serviceActionsIntervalMs: 0,
      trustProxy: true,
      metrics: { host: '127.0.0.1', port: 0, token },
    })
  }, startupTimeout)

  afterAll(async () => {
    await server?.close()
    await database?.drop()
    dist.remove()
  })

  it('is served on its own port behind its token, never on the storefront port', async () => {
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port)
    expect((await scrape('')).status).toBe(401)
    expect((await scrape('Bearer wrong-token')).status).toBe(401)
    const answered = await scrape()
    expect(answered.status).toBe(200)
    expect(answered.type).toMatch(/^text\/plain; version=0\.0\.4/)
    const onStorefront = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
    expect(await onStorefront.text()).not.toContain('storefront_http_request_duration_seconds')
  })

  it('reports the process, request durations by route pattern and status, and each backlog once caused', async () => {
    const before = await samples()
    expect(seriesValue(before, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(seriesValue(before, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    for (const name of ['storefront_card_checkouts_open_too_long', 'storefront_wallet_charges_unresolved', 'storefront_sim_actions_overdue'])
      expect(seriesValue(before, name)).toBe(0)
    expect(seriesValue(before, 'storefront_mail_outbox', { state: 'failed' })).toBe(0)

    // A card checkout left open, a wallet charge without an answer, a package change scheduled: then 16 minutes pass.
    const me = await signUp(app)
    const { checkoutId } = await openCheckout(app, me)
    await server.db.query('insert into wallet_requests (customer_id, key, request_hash, charging_since) values ($1, $2, $3, now())', [
      me.id,
      randomUUID(),
      'hash',
    ])
    const { me: simOwner, serviceId } = await customerWithSim(app, server.db)
    const scheduled = await simRequest(app, 'POST', `${serviceId}/package`, { cookie: simOwner.cookie, body: { product_id: 2 } })
    expect(scheduled.status).toBe(200)
    const { service } = (await scheduled.json()) as { service: { scheduled_actions: { date: string }[] } }
    clock.advanceBy(16 * 60_000)
    clock.advanceTo(new Date(new Date(service.scheduled_actions[0]!.date).getTime() + 1_000))
    // A mail waiting for a later try, and one given up on.
    await server.db.query(
      `insert into mail_outbox (recipient, language, template, subject, text, html, next_attempt_at, failed_at)
       values ('a@example.co.za', 'en', 't', 's', 't', 'h', now() + interval '1 day', null), ('b@example.co.za', 'en', 't', 's', 't', 'h', now(), now())`,
    )
    // Six wrong passwords for one address: the sixth is refused by the per-email login limit.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${server.url}/api/auth/login`, call('POST', { email: me.email, password: `wrong-${i}` }))).status)
    expect(statuses.at(-1)).toBe(429)

    const after = await samples()
    expect(seriesValue(after, 'storefront_card_checkouts_open_too_long')).toBe(1)
    expect(seriesValue(after, 'storefront_wallet_charges_unresolved')).toBe(1)
    expect(seriesValue(after, 'storefront_sim_actions_overdue')).toBe(1)
    expect(seriesValue(after, 'storefront_mail_outbox', { state: 'failed' })).toBe(1)
    expect(seriesValue(after, 'storefront_mail_outbox', { state: 'queued' })).toBeGreaterThanOrEqual(1)
    expect(seriesValue(after, 'storefront_rate_limit_refusals_total', { limit: 'login:email' })).toBeGreaterThanOrEqual(1)

    // Durations by the pattern the route was declared with: the customer's id never becomes a label.
    const checkouts = seriesValue(after, 'storefront_http_request_duration_seconds_count', {
      method: 'POST',
      route: '/api/v2/billing/partner/checkout/:user_id',
      status: '200',
    })
    expect(checkouts).toBeGreaterThanOrEqual(1)
    expect(
      seriesValue(after, 'storefront_http_request_duration_seconds_count', { method: 'POST', route: '/api/auth/login', status: '429' }),
    ).toBeGreaterThanOrEqual(1)
    const routes = after.filter((s) => s.name === 'storefront_http_request_duration_seconds_count').map((s) => s.labels.route!)
    const ids = [me.id, simOwner.id, serviceId].map(String)
    expect(routes.filter((route) => route.includes(checkoutId) || route.split('/').some((segment) => ids.includes(segment)))).toEqual([])
    const buckets = after.filter(
      (s) => s.name === 'storefront_http_request_duration_seconds_bucket' && s.labels.route === '/api/auth/login' && s.labels.status === '429',
    )
    expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBeGreaterThanOrEqual(1)
  })
})
