import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginLimits } from '../../server/accounts/loginLimiter.ts'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { readMigrations } from '../../server/db/migrate.ts'
import { countPayments } from '../../server/payments/recordPayment.ts'
import { seed } from '../../server/seed/seed.ts'
import { apiKey, call, password, sessionCookie, signupBody } from '../server/helpers/accounts.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { orderBody } from '../server/helpers/orders.ts'
import { SUCCESS_CARD, THREE_DS_CARD } from '../server/helpers/payments.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { placeOrders, signUpThrough } from './helpers/orderLoad.ts'
import type { Customer } from './helpers/orderLoad.ts'

const statuses = (all: Response[]) => {
  const count: Record<number, number> = {}
  for (const res of all) count[res.status] = (count[res.status] ?? 0) + 1
  return count
}

const json = (customer: Customer, extra: Record<string, string> = {}) => ({
  Key: apiKey,
  'Content-Type': 'application/json',
  Cookie: customer.cookie,
  ...extra,
})

/** What the sandbox card widget posts for a checkout, as the browser sends it from the payment page. */
const cardForm = (checkoutId: string, number: string) =>
  new URLSearchParams({
    'card.number': number,
    'card.holder': 'Thandi Nkosi',
    'card.expiryMonth': '12',
    'card.expiryYear': String(new Date().getFullYear() + 3),
    'card.cvv': '123',
    paymentBrand: 'VISA',
    shopperResultUrl: `https://shop.example.co.za/payment_status/${checkoutId}`,
  }).toString()

const server = process.env.DATABASE_URL

/**
 * Three processes of the compiled server (`npm run serve`, production with SANDBOX=true) started together on one
 * fresh PostgreSQL database, each on its own port, as behind a load balancer; the tests play the balancer. The
 * in-process versions of these races are in test/server/instances.test.ts; here nothing is shared but the database.
 */
describe.skipIf(!server)('three compiled servers on one PostgreSQL (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let instances: Instance[] = []
  const urls = () => instances.map((i) => i.url)

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    // The reconciliation worker of every instance looks often and soon; the sandbox's notifications stay off, so
    // a checkout nobody asks about is recorded by a worker or not at all.
    instances = await startInstances(
      project.root,
      3,
      stagingEnv(database.url, { SHUTDOWN_GRACE_MS: '1000', RECONCILE_INTERVAL_MS: '300', RECONCILE_AFTER_MS: '1000', PAYMENT_SANDBOX_WEBHOOKS: 'false' }),
    )
    db = await openDb(database.url, undefined, { poolMax: 2 })
    // Production does not seed (SEED=false); the catalogue is the operator's, written here once the schema exists.
    await seed(db)
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    project?.remove()
  })

  it('applies the migrations once, in one transaction, though all three started migrating together, and all three are ready', async () => {
    const rows = await db.query<{ version: number; applied_at: Date }>('select version, applied_at from schema_migrations order by version')
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version))
    // now() is the transaction's start: one instance applied every migration, the other two found nothing to do.
    expect(new Set(rows.map((r) => r.applied_at.getTime())).size).toBe(1)
    for (const url of urls()) expect((await fetch(`${url}/readyz`)).status).toBe(200)
    expect(new Set(urls()).size).toBe(3)
  })

  it('accepts a session made on one instance on the other two', async () => {
    const [a, b, c] = urls() as [string, string, string]
    const body = signupBody()
    const signedUp = await fetch(`${a}/api/v2/users`, call('POST', body, { from: '198.51.100.1' }))
    expect(signedUp.status).toBe(201)
    const cookie = sessionCookie(signedUp)!
    for (const url of [b, c]) {
      const res = await fetch(`${url}/api/auth/session`, { headers: { Key: apiKey, Cookie: cookie } })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(body.user.email)
    }
    // And a sign-in on the third is good on the first; signing out on the second ends it everywhere.
    const signedIn = await fetch(`${c}/api/auth/login`, call('POST', { email: body.user.email, password }, { from: '198.51.100.1' }))
    expect(signedIn.status).toBe(200)
    const second = sessionCookie(signedIn)!
    expect((await fetch(`${a}/api/auth/session`, { headers: { Key: apiKey, Cookie: second } })).status).toBe(200)
    expect((await fetch(`${b}/api/auth/logout`, call('POST', {}, { cookie: second }))).status).toBe(204)
    for (const url of [a, b, c]) expect((await fetch(`${url}/api/auth/session`, { headers: { Key: apiKey, Cookie: second } })).status).toBe(401)
  })

  it(`lets exactly ${loginLimits.perEmail} of 40 wrong sign-ins for one email, sent in parallel across the three, reach the password check; the rest 429`, async () => {
    const { user } = signupBody()
    const signedUp = await fetch(`${urls()[0]}/api/v2/users`, call('POST', { user }, { from: '198.51.100.2' }))
    expect(signedUp.status).toBe(201)
    // Each guess from its own address, so only the per-email limit can stop them.
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${urls()[i % 3]}/api/auth/login`, call('POST', { email: user.email, password: 'Wrong#1234' }, { from: `203.0.113.${i + 1}` })),
      ),
    )
    expect(statuses(all)).toEqual({ 401: loginLimits.perEmail, 429: 40 - loginLimits.perEmail })
    expect(all.filter((res) => res.status === 429).every((res) => Number(res.headers.get('retry-after')) > 0)).toBe(true)
    // The right password is refused now too, on every instance.
    for (const url of urls())
      expect((await fetch(`${url}/api/auth/login`, call('POST', { email: user.email, password }, { from: '203.0.113.99' }))).status).toBe(429)
  })

  it('places one order for an Idempotency-Key posted to all three at once, and answers all three with it', async () => {
    const me = await signUpThrough(urls()[0]!, '198.51.100.3')
    const rounds = 8
    for (let round = 0; round < rounds; round++) {
      const body = orderBody()
      const all = await Promise.all(
        urls().map((url) =>
          fetch(`${url}/api/v10/partner/order/${me.id}`, {
            method: 'POST',
            headers: json(me, { 'Idempotency-Key': body.order.id }),
            body: JSON.stringify(body),
          }),
        ),
      )
      expect(all.map((res) => res.status)).toEqual([200, 200, 200])
      const answers = await Promise.all(all.map((res) => res.text()))
      expect(new Set(answers).size).toBe(1)
      expect(all.filter((res) => res.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(2)
    }
    const [row] = await db.query<{ n: number; keys: number }>(
      'select count(*)::int as n, count(distinct client_order_id)::int as keys from orders where customer_id = $1',
      [me.id],
    )
    expect(row).toEqual({ n: rounds, keys: rounds })
  })

  it('pays a card checkout created through one instance with the sandbox widget and bank page of the second, its status read on the third', async () => {
    const [a, b, c] = urls() as [string, string, string]
    const me = await signUpThrough(a, '198.51.100.4')
    const body = orderBody()
    const placed = await fetch(`${a}/api/v10/partner/order/${me.id}`, {
      method: 'POST',
      headers: json(me, { 'Idempotency-Key': body.order.id }),
      body: JSON.stringify(body),
    })
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { id: number }

    const created = await fetch(`${a}/api/v2/billing/partner/checkout/${me.id}`, {
      method: 'POST',
      headers: json(me),
      body: JSON.stringify({ payment: { orderId: order.id } }),
    })
    expect(created.status).toBe(200)
    const { checkoutId, scriptUrl } = (await created.json()) as { checkoutId: string; scriptUrl: string }

    // The browser loads the widget from the second instance: it knows the checkout made on the first.
    expect(await (await fetch(new URL(scriptUrl, b))).text()).toContain(`"checkoutId":"${checkoutId}"`)
    const paid = await fetch(`${b}/sandbox/payments/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: cardForm(checkoutId, THREE_DS_CARD),
    })
    expect(paid.status).toBe(200)
    const challenge = new URL(((await paid.json()) as { redirect: { url: string } }).redirect.url)
    const status = () => fetch(`${c}/api/v2/billing/partner/checkout/${me.id}/${encodeURIComponent(checkoutId)}/payment`, { headers: json(me) })
    // Waiting for the bank, as the third instance sees it.
    expect((await status()).status).toBe(205)

    const page = await fetch(`${b}${challenge.pathname}`)
    expect(await page.text()).toContain('•••• 0002')
    const approved = await fetch(`${b}${challenge.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    })
    expect(approved.status).toBe(303)
    const final = await status()
    expect(final.status).toBe(200)
    expect(await countPayments(db, order.id)).toBe(1)
    // Read again on the first: the same payment, still recorded once.
    expect((await fetch(`${a}/api/v2/billing/partner/checkout/${me.id}/${encodeURIComponent(checkoutId)}/payment`, { headers: json(me) })).status).toBe(200)
    expect(await countPayments(db, order.id)).toBe(1)
  })

  it('records a checkout whose browser never came back, once, through the workers of three instances', async () => {
    const [a, b] = urls() as [string, string, string]
    const me = await signUpThrough(a, '198.51.100.5')
    const body = orderBody()
    const placed = await fetch(`${a}/api/v10/partner/order/${me.id}`, {
      method: 'POST',
      headers: json(me, { 'Idempotency-Key': body.order.id }),
      body: JSON.stringify(body),
    })
    const order = (await placed.json()) as { id: number }
    const created = await fetch(`${a}/api/v2/billing/partner/checkout/${me.id}`, {
      method: 'POST',
      headers: json(me),
      body: JSON.stringify({ payment: { orderId: order.id } }),
    })
    const { checkoutId } = (await created.json()) as { checkoutId: string }
    // Paid at the provider (the sandbox's widget on the second instance); then the tab is closed: no status is ever asked.
    const paid = await fetch(`${b}/sandbox/payments/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: cardForm(checkoutId, SUCCESS_CARD),
    })
    expect(paid.status).toBe(200)
    expect(await countPayments(db, order.id)).toBe(0)
    const deadline = Date.now() + 20_000
    while ((await countPayments(db, order.id)) === 0 && Date.now() < deadline) await sleep(200)
    expect(await countPayments(db, order.id)).toBe(1)
    // Settled: no worker asks again, and a dozen more rounds of three workers record nothing twice.
    const settled = async () =>
      (await db.query<{ settled: boolean }>('select settled_at is not null as settled from checkouts where id = $1', [checkoutId]))[0]?.settled
    expect(await settled()).toBe(true)
    await sleep(12 * 300)
    expect(await countPayments(db, order.id)).toBe(1)
    // The customer's tab, opened again later, reads the same payment.
    expect((await fetch(`${a}/api/v2/billing/partner/checkout/${me.id}/${encodeURIComponent(checkoutId)}/payment`, { headers: json(me) })).status).toBe(200)
    expect(await countPayments(db, order.id)).toBe(1)
  })

  it('loses no order and places none twice when one instance gets SIGTERM during a load run (the client retrying refused requests on the others), and that instance exits 0', async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, (_, i) => signUpThrough(urls()[i % 3]!, `198.51.100.${10 + i}`)))
    const stopping = instances[1]!
    const stop = new AbortController()
    const load = placeOrders({ targets: urls(), customers, concurrency: 12, stop: stop.signal })

    await sleep(1_500)
    const terminatedAt = performance.now()
    stopping.run.child.kill('SIGTERM')
    // Out of the balancer's rotation at once, while it still answers during the grace.
    let readiness = 200
    for (let tries = 0; tries < 10 && readiness === 200; tries++) {
      readiness = (await fetch(`${stopping.url}/readyz`)).status
      if (readiness === 200) await sleep(50)
    }
    expect(readiness).toBe(503)
    const exit = await stopping.run.exited
    const exitedAt = performance.now()
    // Keep sending to it for a while after it is gone, as a balancer that has not noticed yet would.
    await sleep(1_500)
    stop.abort()
    const outcomes = await load

    expect(exit).toEqual({ code: 0, signal: null })
    // No request lost: every order the client meant to place was answered 200 in the end.
    const unanswered = outcomes.filter((o) => o.status !== 200)
    expect(unanswered, JSON.stringify(unanswered.slice(0, 3))).toEqual([])
    // The stopped instance refused some after it went away, and the client placed those elsewhere.
    const retried = outcomes.filter((o) => o.tried.length > 1)
    expect(retried.length).toBeGreaterThan(0)
    expect(retried.every((o) => o.tried[0] === 1 && o.tried.at(-1) !== 1)).toBe(true)
    expect(outcomes.some((o) => o.tried[0] === 1 && o.tried.length === 1 && o.startedAt > terminatedAt)).toBe(true)
    expect(outcomes.some((o) => o.tried[0] === 1 && o.startedAt > exitedAt)).toBe(true)

    // None placed twice: one order per key, and no order beyond those the client was told about.
    const ids = customers.map((c) => c.id)
    const [row] = await db.query<{ n: number; keys: number }>(
      'select count(*)::int as n, count(distinct (customer_id, client_order_id))::int as keys from orders where customer_id = any($1::int[])',
      [ids],
    )
    expect(row).toEqual({ n: outcomes.length, keys: outcomes.length })
    expect(new Set(outcomes.map((o) => o.orderId)).size).toBe(outcomes.length)

    // It answered requests after SIGTERM (in flight and during the grace), then stopped cleanly.
    const msgs = stopping.run.entries().map((e) => (e.msg === 'request' ? `${e.method} ${e.route} ${e.status}` : e.msg))
    const shutdownAt = msgs.findIndex((m) => m.startsWith('shutting down'))
    expect(shutdownAt).toBeGreaterThan(0)
    expect(msgs.slice(shutdownAt).filter((m) => m === 'POST /api/v10/partner/order/:user_id 200').length).toBeGreaterThan(0)
    expect(msgs.at(-1)).toBe('stopped')
  }, 60_000)

  it('logged no error on any instance through all of it', () => {
    for (const { run } of instances) expect(run.entries().filter((e) => e.level >= 50)).toEqual([])
  })
})
