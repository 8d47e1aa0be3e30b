import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './helpers/testServer.ts'
import type { RunningServer } from '../../server/server.ts'
import { silentLogger } from '../../server/log.ts'
import { cardProviderFor } from '../../server/payments/cardProviderFor.ts'
import { ivHeader, paymentWebhookPath, sealNotification, tagHeader } from '../../server/payments/notifications.ts'
import { reconcileOnce } from '../../server/payments/reconcile.ts'
import { makeRefund } from '../../server/payments/refunds.ts'
import { release } from '../../server/release.ts'
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

  it('counts a purchase: the sign-up, the order once however often it is sent, the payment, the receipt mail, and names its release', async () => {
    const before = await samples()
    const delta = (after: Sample[], name: string, labels: Record<string, string> = {}) =>
      (seriesValue(after, name, labels) ?? 0) - (seriesValue(before, name, labels) ?? 0)
    expect(before.filter((s) => s.name === 'storefront_build_info')).toEqual([
      { name: 'storefront_build_info', labels: { version: release.version, commit: release.commit }, value: 1 },
    ])

    const me = await signUp(app)
    // The order sent twice with its key (the device's outbox retrying): one order placed.
    const body = orderBody()
    for (let i = 0; i < 2; i++) expect((await postOrder(app, me.id, body, { cookie: me.cookie })).status).toBe(200)
    const placed = (await (await postOrder(app, me.id, body, { cookie: me.cookie })).json()) as { id: number; number: string; total_price: number }
    // Paid by card in the sandbox; the browser asks how it went twice (a reload): one payment.
    const created = await postCheckout(app, me, { payment: { orderId: placed.id } })
    expect(created.status).toBe(200)
    const { checkoutId } = (await created.json()) as { checkoutId: string }
    await payWithCard(app, checkoutId, SUCCESS_CARD)
    for (let i = 0; i < 2; i++) expect((await getStatus(app, me, checkoutId)).status).toBe(200)
    // The provider's notification of the same payment finds it recorded; a forged one is refused.
    const sealed = sealNotification(webhookKey, {
      type: 'PAYMENT',
      payload: {
        id: randomBytes(16).toString('hex'),
        paymentType: 'DB',
        paymentBrand: 'VISA',
        amount: placed.total_price.toFixed(2),
        currency: 'ZAR',
        merchantTransactionId: placed.number,
        ndc: checkoutId,
        result: { code: '000.100.110', description: 'Request successfully processed' },
      },
    })
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
    expect(delta(after, 'storefront_orders_placed_total')).toBe(2)
    expect(delta(after, 'storefront_payments_total', { method: 'card', outcome: 'paid' })).toBe(1)
    expect(delta(after, 'storefront_payments_total', { method: 'wallet', outcome: 'failed' })).toBe(1)
    expect(delta(after, 'storefront_payment_notifications_total', { type: 'payment', outcome: 'known' })).toBe(1)
    expect(delta(after, 'storefront_payment_notifications_total', { type: 'unsealed', outcome: 'refused' })).toBe(1)
    expect(delta(after, 'storefront_client_error_reports_total', { kind: 'route', outcome: 'logged' })).toBe(1)
    expect(delta(after, 'storefront_client_error_reports_total', { kind: 'unread', outcome: 'refused' })).toBe(1)
    expect(delta(after, 'storefront_mails_total', { template: 'receipt', outcome: 'sent' })).toBeGreaterThanOrEqual(1)
    // Each call to the card provider timed by operation and outcome, never by a checkout or payment id.
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
})
