import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../../server/db/createDb.ts'
import { startTestServer } from '../helpers/testServer.ts'
import type { RunningServer } from '../../../server/main.ts'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import { reconcileOnce } from '../../../server/payments/reconcile.ts'
import { countPayments } from '../../../server/payments/recordPayment.ts'
import { scrub, silentLogger } from '../../../server/log.ts'
import { seed } from '../../../server/seed/seed.ts'
import { accountsApp, apiKey, signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { fakeProvider } from '../helpers/fakeProvider.ts'
import type { FakeProvider } from '../helpers/fakeProvider.ts'
import { captureLog } from '../helpers/logCapture.ts'
import type { CapturedLog } from '../helpers/logCapture.ts'
import { openCheckout, postWallet, REJECTED_CARD, SUCCESS_CARD, unpaidOrder, walletBody } from '../helpers/payments.ts'
import { openTestDb, secondInstanceDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

type Me = Awaited<ReturnType<typeof signUp>>

const orderStatus = async (db: Db, id: number) => (await db.query<{ status: string }>('select status from orders where id = $1', [id]))[0]?.status
const settled = async (db: Db, checkoutId: string) =>
  (await db.query<{ settled: boolean }>('select settled_at is not null as settled from checkouts where id = $1', [checkoutId]))[0]?.settled

/** A server on `db` whose worker runs every 50 ms and counts every checkout as left open; the sandbox sends no webhooks. */
const workingServer = (db: Db, log: CapturedLog) =>
  startTestServer({
    db,
    apiKey,
    log: log.log,
    sandboxWebhooks: false,
    reconcileIntervalMs: 50,
    reconcileAfterMs: 0,
  })

describe('the reconciliation worker', () => {
  const env = useAccountsApp({ seeded: true, customer: true, config: { sandboxWebhooks: false } })

  it('leaves alone a checkout younger than the left-open age', async () => {
    const { order } = await openCheckout(env.app, env.me, SUCCESS_CARD)
    const { provider } = cardProviderFor({ kind: 'sandbox' }, env.t.db)
    expect(
      await reconcileOnce({
        db: env.t.db,
        provider,
        partner: { id: 1, comments: '', agent_email: 'a@b.co' },
        network: 'sandbox',
        log: silentLogger,
        leftOpenAfterMs: 60_000,
      }),
    ).toEqual({ asked: 0, recorded: 0, refundsSettled: 0 })
    expect(await countPayments(env.t.db, order.id)).toBe(0)
  })

  it('records a checkout whose browser never returned, settles a rejected one, and asks again about one not paid yet', async () => {
    const paid = await openCheckout(env.app, env.me, SUCCESS_CARD)
    const rejected = await openCheckout(env.app, env.me, REJECTED_CARD)
    const untouched = await openCheckout(env.app, env.me)
    const log = captureLog()
    const server = await workingServer(env.t.db, log)
    try {
      await vi.waitFor(async () => expect(await countPayments(env.t.db, paid.order.id)).toBe(1), { timeout: 10_000 })
      expect(await orderStatus(env.t.db, paid.order.id)).toBe('Queued for delivery')
      await vi.waitFor(async () => expect(await settled(env.t.db, rejected.checkoutId)).toBe(true), { timeout: 10_000 })
      expect(await settled(env.t.db, paid.checkoutId)).toBe(true)
      // Still payable at the provider: open, to be asked again after a minute (the provider's rate limit).
      expect(await settled(env.t.db, untouched.checkoutId)).toBe(false)
      expect(await countPayments(env.t.db, rejected.order.id)).toBe(0)
      const recorded = log.entries().filter((e) => e.msg === 'card payment recorded by reconciliation')
      expect(recorded.map((e) => e.checkoutId)).toContain(paid.checkoutId)
    } finally {
      await server.close()
    }
    // Stopped before the pool closed: no run failed on a closed database.
    expect(log.problems()).toEqual([])
  })
})

describe('two instances on one database, both running the worker', () => {
  const env = useAccountsApp({ seeded: true, config: { sandboxWebhooks: false } })
  let other: Awaited<ReturnType<typeof secondInstanceDb>>
  beforeAll(async () => {
    other = await secondInstanceDb(env.t)
  })
  afterAll(() => other.close())

  it('asks the provider about each left-open checkout once, and records each payment once', async () => {
    const me = await signUp(env.app)
    const abandoned: Array<Awaited<ReturnType<typeof openCheckout>>> = []
    for (let i = 0; i < 16; i++) abandoned.push(await openCheckout(env.app, me, SUCCESS_CARD))
    const logs = [captureLog(), captureLog()]
    const servers: RunningServer[] = await Promise.all([workingServer(env.t.db, logs[0]!), workingServer(other.db, logs[1]!)])
    try {
      await vi.waitFor(
        async () => {
          for (const { order } of abandoned) expect(await countPayments(env.t.db, order.id)).toBe(1)
        },
        { timeout: 20_000 },
      )
    } finally {
      await Promise.all(servers.map((s) => s.close()))
    }
    const entries = logs.flatMap((l) => l.entries())
    const asked = entries.filter((e) => e.msg === 'asking the card provider about a checkout left open').map((e) => e.checkoutId)
    const recorded = entries.filter((e) => e.msg === 'card payment recorded by reconciliation').map((e) => e.checkoutId)
    // As the log has them: a run of 13 digits in a random id reads as a card number to the log's scrubber.
    const ids = abandoned.map((a) => scrub(a.checkoutId)).sort()
    expect([...asked].sort()).toEqual(ids)
    expect([...recorded].sort()).toEqual(ids)
    for (const log of logs) expect(log.problems()).toEqual([])
  }, 60_000)
})

describe('a wallet payment with a provider that dies between charge and answer', () => {
  let t: TestDb
  let provider: FakeProvider
  let app: TestApp
  let me: Me
  const settingsOf = (p: FakeProvider) => ({ kind: 'provider' as const, baseUrl: p.url, entityId: 'fake-entity', accessToken: 'fake-token' })
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    provider = await fakeProvider()
    app = accountsApp(t.db, { payments: settingsOf(provider) })
    me = await signUp(app)
  }, startupTimeout)
  afterAll(async () => {
    await provider.close()
    await t.drop()
  })

  const chargesFor = (number: string) => provider.charges.filter((c) => c.merchantTransactionId === number)
  const runWorker = () =>
    reconcileOnce({
      db: t.db,
      provider: cardProviderFor(settingsOf(provider), t.db).provider,
      partner: { id: 1, comments: '', agent_email: 'a@b.co' },
      network: 'sandbox',
      log: silentLogger,
      leftOpenAfterMs: 0,
    })

  it('the journey: paid once, recorded once, the retry answered with the charge that went through', async () => {
    const order = await unpaidOrder(app, me)
    const key = randomUUID()
    const body = walletBody(me, order)
    provider.next = 'die after charging'
    const first = await postWallet(app, me, body, key)
    expect(first.status).toBe(502)
    expect(chargesFor(order.number)).toHaveLength(1)
    expect(await countPayments(t.db, order.id)).toBe(0)

    const retry = await postWallet(app, me, body, key)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toMatchObject({ status: 200, order_id: order.id, order_number: order.number, payment_id: chargesFor(order.number)[0]?.id })
    expect(chargesFor(order.number)).toHaveLength(1)
    expect(await countPayments(t.db, order.id)).toBe(1)
    expect(await orderStatus(t.db, order.id)).toBe('Queued for delivery')

    const again = await postWallet(app, me, body, key)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(chargesFor(order.number)).toHaveLength(1)
    expect(await countPayments(t.db, order.id)).toBe(1)
  })

  it('after the server itself died mid-charge, the retry that takes the request over asks before charging', async () => {
    const order = await unpaidOrder(app, me)
    const key = randomUUID()
    const body = walletBody(me, order)
    provider.next = 'die after charging'
    expect((await postWallet(app, me, body, key)).status).toBe(502)
    // As if the process had died before it could mark the request: a claim with a charge sent and no answer.
    await t.db.query('update wallet_requests set stalled = false where key = $1', [key])
    expect((await postWallet(app, me, body, key)).status).toBe(409)
    await t.db.query("update wallet_requests set created_at = now() - interval '3 minutes' where key = $1", [key])
    const retry = await postWallet(app, me, body, key)
    expect(retry.status).toBe(200)
    expect(chargesFor(order.number)).toHaveLength(1)
    expect(await countPayments(t.db, order.id)).toBe(1)
  })

  it('after a process died between recording the payment and storing its answer, the retry answers with that payment', async () => {
    const order = await unpaidOrder(app, me)
    const key = randomUUID()
    const body = walletBody(me, order)
    const first = await postWallet(app, me, body, key)
    expect(first.status).toBe(200)
    // As if the answer had never been stored, and the claim had been left for the abandoned time.
    await t.db.query("update wallet_requests set status = null, response = null, created_at = now() - interval '3 minutes' where key = $1", [key])
    const retry = await postWallet(app, me, body, key)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual(await first.json())
    expect(chargesFor(order.number)).toHaveLength(1)
    expect(await countPayments(t.db, order.id)).toBe(1)
  })

  it('when nobody retries, the worker records the charge, and a later retry gets its answer', async () => {
    const order = await unpaidOrder(app, me)
    const key = randomUUID()
    const body = walletBody(me, order)
    provider.next = 'die after charging'
    expect((await postWallet(app, me, body, key)).status).toBe(502)
    expect(await runWorker()).toMatchObject({ recorded: 1 })
    expect(await countPayments(t.db, order.id)).toBe(1)
    const retry = await postWallet(app, me, body, key)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await retry.json()).toMatchObject({ status: 200, payment_id: chargesFor(order.number)[0]?.id })
    expect(chargesFor(order.number)).toHaveLength(1)
    expect(await countPayments(t.db, order.id)).toBe(1)
  })

  it('a charge found after another payment paid the order is answered as paid twice, by the retry or by the worker', async () => {
    for (const finder of ['retry', 'worker'] as const) {
      const order = await unpaidOrder(app, me)
      const key = randomUUID()
      const body = walletBody(me, order)
      provider.next = 'die after charging'
      expect((await postWallet(app, me, body, key)).status).toBe(502)
      // Meanwhile another tab pays the order with Google Pay (a request of its own).
      const other = await postWallet(app, me, body)
      expect(await other.json()).toMatchObject({ status: 200, recorded: 'paid' })
      if (finder === 'worker') expect(await runWorker()).toMatchObject({ recorded: 1 })
      const retry = await postWallet(app, me, body, key)
      expect(retry.status, finder).toBe(200)
      expect(await retry.json(), finder).toMatchObject({ status: 200, payment_id: chargesFor(order.number)[0]?.id, recorded: 'paid_twice' })
      expect(chargesFor(order.number)).toHaveLength(2)
      const records = await t.db.query<{ reconciliation: string }>('select reconciliation from payments where order_id = $1 order by id', [order.id])
      expect(records.map((r) => r.reconciliation)).toEqual(['credited', 'refund_due'])
    }
  })

  it('a charge that never reached the provider is charged once by the retry, whether or not the worker looked first', async () => {
    for (const workerFirst of [false, true]) {
      const order = await unpaidOrder(app, me)
      const key = randomUUID()
      const body = walletBody(me, order)
      provider.next = 'die before charging'
      expect((await postWallet(app, me, body, key)).status).toBe(502)
      expect(chargesFor(order.number)).toHaveLength(0)
      if (workerFirst) expect(await runWorker()).toMatchObject({ recorded: 0 })
      const retry = await postWallet(app, me, body, key)
      expect(retry.status, `worker first: ${workerFirst}`).toBe(200)
      expect(chargesFor(order.number)).toHaveLength(1)
      expect(await countPayments(t.db, order.id)).toBe(1)
    }
  })
})
