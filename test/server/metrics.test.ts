import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './helpers/testServer.ts'
import type { RunningServer } from '../../server/server.ts'
import { silentLogger } from '../../server/log.ts'
import { httpNetwork } from '../../server/network/httpNetwork.ts'
import { NetworkRefused, NetworkUnavailable } from '../../server/network/network.ts'
import { cardProviderFor } from '../../server/payments/cardProviderFor.ts'
import { ivHeader, paymentWebhookPath, tagHeader } from '../../server/payments/notifications.ts'
import { oppwaProvider, ProviderRefused, ProviderUnavailable } from '../../server/payments/provider.ts'
import { reconcileOnce } from '../../server/payments/reconcile.ts'
import { makeRefund } from '../../server/payments/refunds.ts'
import { release } from '../../server/release.ts'
import { findOrCreateSocialCustomer } from '../../server/social/socialCustomer.ts'
import { PARTNER } from '../../src/domain/order.ts'
import { apiKey, call, deliverMail, signUp } from './helpers/accounts.ts'
import type { TestApp } from './helpers/accounts.ts'
import { MovableClock } from './helpers/clock.ts'
import { makeFakeDist } from './helpers/fakeDist.ts'
import { orderBody, postOrder } from './helpers/orders.ts'
import {
  doubleCharge,
  getStatus,
  openCheckout,
  payWithCard,
  postCheckout,
  postWallet,
  REJECTED_CARD,
  sealedCardPayment,
  SUCCESS_CARD,
  unpaidOrder,
  walletBody,
} from './helpers/payments.ts'
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

/** The families a scrape exposes, by their `# TYPE` lines, with the series names each makes (a histogram's _bucket, _sum, _count). */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>()
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!)
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`)
  }
  return names
}

const promqlWords = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'and', 'or', 'unless', 'inf', 'nan'])

/** The metric names a PromQL expression reads: every word that is not a function, keyword, label, string or range. */
function metricsRead(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
  return [...bare.matchAll(/[a-zA-Z_:][\w:]*/g)]
    .filter((m) => !promqlWords.has(m[0].toLowerCase()) && !/^\s*\(/.test(bare.slice(m.index + m[0].length)))
    .map((m) => m[0])
}

const root = join(import.meta.dirname, '..', '..')
const alertsFile = join(root, 'deploy/prometheus/alerts.yml')

/** Each rule of the alerts file: its name, expression (one line, or a `|` block) and the fields an operator reads. */
function alertRules(): { alert: string; expr: string; text: string }[] {
  return readFileSync(alertsFile, 'utf8')
    .split(/^ {6}- alert: /m)
    .slice(1)
    .map((block) => {
      const alert = block.split('\n')[0]!.trim()
      const inline = /^ {8}expr: (?!\|)(.+)$/m.exec(block)?.[1]
      const folded = /^ {8}expr: \|\n((?: {10}.*\n)+)/m.exec(block)?.[1]
      return { alert, expr: (inline ?? folded ?? '').trim(), text: block }
    })
}

/** The PromQL of every panel of the dashboard, Grafana's rate interval read as 5m. */
const dashboardExprs = (): string[] =>
  (JSON.parse(readFileSync(join(root, 'deploy/grafana/storefront-dashboard.json'), 'utf8')) as { panels: { targets?: { expr: string }[] }[] }).panels
    .flatMap((panel) => panel.targets ?? [])
    .map((target) => target.expr.replaceAll('$__rate_interval', '5m'))

/** promtool (Debian's prometheus package; .ci/run installs it): its output, or the failure with what it said. */
function promtool(args: string[], input?: string): string {
  try {
    return execFileSync('promtool', args, { cwd: join(root, 'deploy/prometheus'), encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] })
  } catch (error) {
    const failed = error as { code?: string; stdout?: string; stderr?: string }
    if (failed.code === 'ENOENT') throw new Error('promtool is not installed: apt-get install -y --no-install-recommends prometheus (.ci/run does)')
    throw new Error(`promtool ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`)
  }
}

const token = 'metrics-token-of-the-test-0123456789abcdef'
const webhookKey = randomBytes(32)

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
      // The push outbox's first run is an hour away: the notification the test leaves due stays due (and overdue).
      pushOutboxIntervalMs: 3_600_000,
      trustProxy: true,
      // The sandbox notifies nothing by itself: the test sends the provider's notification by hand.
      paymentWebhookKey: webhookKey.toString('hex'),
      sandboxWebhooks: false,
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
    for (const name of [
      'storefront_card_checkouts_open_too_long',
      'storefront_card_checkouts_oldest_open_seconds',
      'storefront_wallet_charges_unresolved',
      'storefront_sim_actions_overdue',
    ])
      expect(seriesValue(before, name)).toBe(0)
    expect(seriesValue(before, 'storefront_mail_outbox', { state: 'failed' })).toBe(0)
    expect(seriesValue(before, 'storefront_push_outbox', { state: 'failed' })).toBe(0)

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
    // A notification whose device is gone, given up on, and one due an hour ago.
    await server.db.query(
      `insert into push_outbox (event_key, kind, topic, urgency, payload, expires_at, next_attempt_at, failed_at)
       values ('m:1', 'payment_received', 'order-1', 'normal', '{}', now() + interval '1 day', now(), now()),
              ('m:2', 'payment_received', 'order-2', 'normal', '{}', now() + interval '1 day', now() - interval '1 hour', null)`,
    )
    // Six wrong passwords for one address: the sixth is refused by the per-email login limit.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${server.url}/api/auth/login`, call('POST', { email: me.email, password: `wrong-${i}` }))).status)
    expect(statuses.at(-1)).toBe(429)

    const after = await samples()
    expect(seriesValue(after, 'storefront_card_checkouts_open_too_long')).toBe(1)
    expect(seriesValue(after, 'storefront_card_checkouts_oldest_open_seconds')).toBeGreaterThanOrEqual(16 * 60)
    expect(seriesValue(after, 'storefront_wallet_charges_unresolved')).toBe(1)
    expect(seriesValue(after, 'storefront_sim_actions_overdue')).toBe(1)
    expect(seriesValue(after, 'storefront_mail_outbox', { state: 'failed' })).toBe(1)
    expect(seriesValue(after, 'storefront_mail_outbox', { state: 'queued' })).toBeGreaterThanOrEqual(1)
    expect(seriesValue(after, 'storefront_push_outbox', { state: 'failed' })).toBe(1)
    expect(seriesValue(after, 'storefront_push_outbox', { state: 'queued' })).toBe(1)
    expect(seriesValue(after, 'storefront_outbox_overdue_seconds', { outbox: 'push' })).toBeGreaterThanOrEqual(3_600)
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

  it('counts a purchase: the sign-up, the order once however often it is sent, the payment, the receipt mail, and names its release', async () => {
    const before = await samples()
    const delta = (after: Sample[], name: string, labels: Record<string, string> = {}) =>
      (seriesValue(after, name, labels) ?? 0) - (seriesValue(before, name, labels) ?? 0)
    expect(before.filter((s) => s.name === 'storefront_build_info')).toEqual([
      { name: 'storefront_build_info', labels: { version: release.version, commit: release.commit }, value: 1 },
    ])

    const me = await signUp(app)
    // A first sign-in with a provider makes a customer too; a second one finds them.
    const who = {
      provider: 'google' as const,
      subject: randomUUID(),
      email: `social.${randomUUID()}@example.co.za`,
      emailVerified: true,
      displayName: 'Lindiwe Dube',
    }
    for (let i = 0; i < 2; i++) await findOrCreateSocialCustomer(server.db, who, { scryptN: 1024, notice: { origin: server.url }, language: 'en' })
    // The order sent three times with its key (the device's outbox retrying): one order placed.
    const body = orderBody()
    for (let i = 0; i < 3; i++) expect((await postOrder(app, me.id, body, { cookie: me.cookie })).status).toBe(200)
    expect(delta(await samples(), 'storefront_orders_placed_total')).toBe(1)
    const placed = (await (await postOrder(app, me.id, body, { cookie: me.cookie })).json()) as { id: number; number: string; total_price: number }
    expect(delta(await samples(), 'storefront_orders_placed_total')).toBe(1)
    // Paid by card in the sandbox; the browser asks how it went twice (a reload): one payment.
    const created = await postCheckout(app, me, { payment: { orderId: placed.id } })
    expect(created.status).toBe(200)
    const { checkoutId } = (await created.json()) as { checkoutId: string }
    await payWithCard(app, checkoutId, SUCCESS_CARD)
    for (let i = 0; i < 2; i++) expect((await getStatus(app, me, checkoutId)).status).toBe(200)
    // The provider's notification of the same payment finds it recorded; a forged one is refused.
    const sealed = sealedCardPayment(webhookKey, placed, checkoutId, { result: { code: '000.100.110', description: 'Request successfully processed' } })
    const notify = (iv: string) =>
      fetch(`${server.url}${paymentWebhookPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', [ivHeader]: iv, [tagHeader]: sealed.tag },
        body: sealed.body,
      })
    expect(((await (await notify(sealed.iv)).json()) as { outcome: string }).outcome).toBe('known')
    expect((await notify('00'.repeat(12))).status).toBe(401)
    // A Google Pay charge declined, its request sent again: one failed payment.
    const walletOrder = await unpaidOrder(app, me)
    const walletKey = randomUUID()
    for (let i = 0; i < 2; i++) expect((await postWallet(app, me, walletBody(me, walletOrder, 'decline'), walletKey)).status).toBe(400)
    // A call to the network (the sandbox's, in process) about a SIM it does not know.
    expect(await server.network.readSim('8927000000000000000')).toBeNull()
    // The sign-up's confirmation and the receipt leave the outbox.
    await deliverMail(server.db)
    // An error report from a customer's browser, and one that is not a report.
    const reportError = (report: unknown) =>
      fetch(`${server.url}/api/v2/client_errors`, {
        method: 'POST',
        headers: { Key: apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(report),
      })
    const report = {
      kind: 'route',
      context: 'route',
      message: 'Boom',
      stack: '',
      path: '/cart',
      release: release.version,
      at: new Date().toISOString(),
      count: 1,
    }
    expect((await reportError(report)).status).toBe(204)
    expect((await reportError({ kind: 'route' })).status).toBe(400)

    const after = await samples()
    expect(delta(after, 'storefront_sign_ups_total', { method: 'password' })).toBe(1)
    expect(delta(after, 'storefront_sign_ups_total', { method: 'social' })).toBe(1)
    expect(delta(after, 'storefront_orders_placed_total')).toBe(2)
    expect(delta(after, 'storefront_payments_total', { method: 'card', outcome: 'paid' })).toBe(1)
    expect(delta(after, 'storefront_payments_total', { method: 'wallet', outcome: 'failed' })).toBe(1)
    expect(delta(after, 'storefront_payment_notifications_total', { type: 'payment', outcome: 'known' })).toBe(1)
    expect(delta(after, 'storefront_payment_notifications_total', { type: 'unsealed', outcome: 'refused' })).toBe(1)
    expect(delta(after, 'storefront_client_error_reports_total', { kind: 'route', outcome: 'logged' })).toBe(1)
    expect(delta(after, 'storefront_client_error_reports_total', { kind: 'unread', outcome: 'refused' })).toBe(1)
    expect(delta(after, 'storefront_mails_total', { template: 'receipt', outcome: 'sent' })).toBeGreaterThanOrEqual(1)
    // Each call to the card provider timed by operation and outcome, never by a checkout or payment id.
    expect(delta(after, 'storefront_provider_call_duration_seconds_count', { provider: 'network', operation: 'read_sim', outcome: 'ok' })).toBe(1)
    for (const operation of ['create_checkout', 'checkout_payment', 'charge_wallet'])
      expect(delta(after, 'storefront_provider_call_duration_seconds_count', { provider: 'card', operation, outcome: 'ok' })).toBeGreaterThanOrEqual(1)
    const labelValues = after.filter((s) => s.name.startsWith('storefront_')).flatMap((s) => Object.values(s.labels))
    expect(labelValues.filter((value) => [checkoutId, placed.number, me.email, String(me.id)].includes(value))).toEqual([])
  })

  it('counts a declined card once, when its checkout is settled, and the money owed back until a refund is made', async () => {
    const before = await samples()
    const delta = (after: Sample[], name: string, labels: Record<string, string> = {}) =>
      (seriesValue(after, name, labels) ?? 0) - (seriesValue(before, name, labels) ?? 0)
    const me = await signUp(app)
    const declined = await openCheckout(app, me, REJECTED_CARD)
    for (let i = 0; i < 2; i++) expect((await getStatus(app, me, declined.checkoutId)).status).toBe(400)
    // The reconciler settles the declined checkout (a provider of the same sandbox: its state is in the database).
    const { provider } = cardProviderFor({ kind: 'sandbox' }, server.db, { sandboxWebhooks: false })
    const reconcile = () => reconcileOnce({ db: server.db, provider, partner: PARTNER, network: 'sandbox', log: silentLogger, leftOpenAfterMs: 0 })
    await reconcile()
    await reconcile()
    const { order } = await doubleCharge(app, me)
    const owed = await samples()
    expect(delta(owed, 'storefront_payments_total', { method: 'card', outcome: 'failed' })).toBe(1)
    expect(delta(owed, 'storefront_payments_total', { method: 'card', outcome: 'refund_due' })).toBe(1)
    expect(seriesValue(owed, 'storefront_refunds_owed')).toBe(1)
    expect(seriesValue(owed, 'storefront_refunds_owed_oldest_seconds')).toBeGreaterThanOrEqual(0)

    const [payment] = await server.db.query<{ id: number; cents: number }>(
      "select id, round(amount * 100)::int as cents from payments where order_id = $1 and reconciliation = 'refund_due'",
      [order.id],
    )
    const refund = await makeRefund(
      server.db,
      provider,
      {
        paymentId: payment!.id,
        key: randomUUID(),
        hash: 'refund-of-the-test',
        request: { amount: payment!.cents, reason: 'duplicate payment', note: '', orderLine: null },
        actor: { staffId: null, actor: 'command line', clientAddress: '127.0.0.1' },
      },
      silentLogger,
    )
    expect(refund.status).toBe(201)
    const refunded = await samples()
    expect(delta(refunded, 'storefront_refunds_total', { outcome: 'refunded' })).toBe(1)
    expect(seriesValue(refunded, 'storefront_refunds_owed')).toBe(0)
    expect(seriesValue(refunded, 'storefront_refunds_owed_oldest_seconds')).toBe(0)
    expect(delta(refunded, 'storefront_provider_call_duration_seconds_count', { provider: 'card', operation: 'refund', outcome: 'ok' })).toBe(1)
  })

  it('times a provider call that is refused, and one that gets no answer, by operation and outcome', async () => {
    const before = await samples()
    const delta = (after: Sample[], labels: Record<string, string>) =>
      (seriesValue(after, 'storefront_provider_call_duration_seconds_count', labels) ?? 0) -
      (seriesValue(before, 'storefront_provider_call_duration_seconds_count', labels) ?? 0)
    const answering = (status: number, body: unknown) => () => Promise.resolve(Response.json(body, { status }))
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'))
    const card = (fetch: (request: Request) => Promise<Response>) =>
      oppwaProvider({ baseUrl: 'http://provider.test', widgetBase: 'http://provider.test', entityId: 'entity', accessToken: 'token', fetch })
    await expect(card(answering(401, { result: { code: '800.900.300', description: 'invalid authentication' } })).paymentsOf('ORD-1')).rejects.toThrow(
      ProviderRefused,
    )
    await expect(
      card(down).createCheckout({ amount: '1.00', currency: 'ZAR', merchantTransactionId: 'ORD-1', customer: { givenName: '', surname: '', email: '' } }),
    ).rejects.toThrow(ProviderUnavailable)
    const network = (fetch: (request: Request) => Promise<Response>) =>
      httpNetwork({ baseUrl: 'http://network.test', token: 'token', source: 'enabler', fetch })
    await expect(
      network(answering(400, { error: { code: 'unknown_plan', message: 'No such plan' } })).changePlan('8927000000000000001', 'P1', randomUUID()),
    ).rejects.toThrow(NetworkRefused)
    await expect(network(answering(503, {})).cancel('8927000000000000001', randomUUID())).rejects.toThrow(NetworkUnavailable)

    const after = await samples()
    expect(delta(after, { provider: 'card', operation: 'query', outcome: 'refused' })).toBe(1)
    expect(delta(after, { provider: 'card', operation: 'create_checkout', outcome: 'unavailable' })).toBe(1)
    expect(delta(after, { provider: 'network', operation: 'change_plan', outcome: 'refused' })).toBe(1)
    expect(delta(after, { provider: 'network', operation: 'cancel', outcome: 'unavailable' })).toBe(1)
  })

  it('has alert rules and a dashboard that read only series the server exposes, checked by promtool', async () => {
    const text = (await scrape()).text
    // Prometheus's own lint of the exposition (names, help, types): only prom-client's default gauges named *_total
    // (nodejs_active_handles_total, …), which are not ours to rename, are named.
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
    expect(lint.error).toBeUndefined()
    const problems = `${lint.stdout}${lint.stderr}`.split('\n').filter((line) => line.trim() !== '')
    expect(problems.filter((line) => !/^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(line))).toEqual([])
    const exposed = exposedNames(text)
    const rules = alertRules()
    expect(rules.length).toBeGreaterThanOrEqual(15)
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'StorefrontInstanceDown',
        'StorefrontSlowRequests',
        'StorefrontPaymentsFailing',
        'StorefrontRefundsOwedTooLong',
        'StorefrontMailFailing',
        'StorefrontMailOutboxBacklog',
        'StorefrontNetworkOutboxBacklog',
        'StorefrontSimActionsOverdue',
        'StorefrontCardCheckoutsOpenTooLong',
      ]),
    )
    const exprs = [...rules.map((r) => r.expr), ...dashboardExprs()]
    expect(exprs.filter((expr) => expr === '')).toEqual([])
    // `up` is Prometheus's own series of each scrape; everything else must be one this server exposes.
    const unknown = exprs.flatMap((expr) =>
      metricsRead(expr)
        .filter((name) => name !== 'up' && !exposed.has(name))
        .map((name) => `${name} in ${expr}`),
    )
    expect(unknown).toEqual([])
    expect(new Set(exprs.flatMap(metricsRead)).size).toBeGreaterThan(20)

    // Each alert waits its `for:`, says how bad it is, and sends the operator to its section of the docs.
    const docs = readFileSync(join(root, 'docs/metrics-and-tracing.md'), 'utf8')
    for (const { alert, text: rule } of rules) {
      expect(rule, alert).toMatch(/^ {8}for: \d+[smh]$/m)
      expect(rule, alert).toMatch(/^ {10}severity: (critical|warning)$/m)
      expect(rule, alert).toMatch(/^ {10}summary: ["']/m)
      expect(rule, alert).toMatch(/^ {10}description: ["']/m)
      expect(rule, alert).toContain(`runbook: docs/metrics-and-tracing.md#${alert.toLowerCase()}`)
      expect(docs, alert).toContain(`\n#### ${alert}\n`)
    }

    expect(promtool(['check', 'rules', 'alerts.yml'])).toContain(`SUCCESS: ${rules.length} rules found`)
    expect(promtool(['test', 'rules', 'alerts.test.yml'])).toContain('SUCCESS')
    // The dashboard's expressions, as recording rules, parsed by the same PromQL parser.
    const dir = mkdtempSync(join(tmpdir(), 'dashboard-rules-'))
    try {
      const records = dashboardExprs().map((expr, i) => `      - record: dashboard:panel_${i}\n        expr: ${JSON.stringify(expr)}`)
      writeFileSync(join(dir, 'dashboard.yml'), `groups:\n  - name: dashboard\n    rules:\n${records.join('\n')}\n`)
      expect(promtool(['check', 'rules', join(dir, 'dashboard.yml')])).toContain(`SUCCESS: ${records.length} rules found`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
