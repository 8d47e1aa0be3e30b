import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import { reconcileOnce } from '../../../server/payments/reconcile.ts'
import { refundMessages } from '../../../server/payments/refunds.ts'
import { silentLogger } from '../../../server/log.ts'
import { seed } from '../../../server/seed/seed.ts'
import { stepUpNeeded } from '../../../src/domain/staff.ts'
import { accountsApp, apiKey, signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { fakeProvider } from '../helpers/fakeProvider.ts'
import type { FakeProvider } from '../helpers/fakeProvider.ts'
import { cartLine } from '../helpers/orders.ts'
import { doubleCharge, postWallet, unpaidOrder, walletBody } from '../helpers/payments.ts'
import { staffSession } from '../helpers/staff.ts'
import type { TestStaff } from '../helpers/staff.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

/** A refund request as the staff app sends it: JSON, the member's cookie, the dialog's Idempotency-Key. */
const refund = (app: TestApp, staff: TestStaff | undefined, paymentId: number, body: unknown, key = randomUUID()) =>
  app.request(`/api/staff/payments/${paymentId}/refunds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...(staff ? { Cookie: staff.cookie } : {}) },
    body: JSON.stringify(body),
  })
/** The server's own client of the fake provider, as the reconciler uses it. */
const providerOf = (fake: FakeProvider, db: TestDb['db']) =>
  cardProviderFor({ kind: 'provider', baseUrl: fake.url, entityId: 'fake-entity', accessToken: 'fake-token' }, db).provider
const partner = { id: 1, comments: '', agent_email: 'agent@example.co.za' }
const staffGet = (app: TestApp, staff: TestStaff | undefined, path: string) =>
  app.request(`/api/staff${path}`, { headers: staff ? { Cookie: staff.cookie } : {} })

describe('refunds through the card provider sandbox', () => {
  const env = useAccountsApp({ seeded: true, config: { sandboxWebhooks: false, financeEmail: 'finance@shop.example.co.za' } })
  let finance: TestStaff
  beforeAll(async () => {
    finance = await staffSession(env.t.db, 'finance')
  })
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => env.t.db.query<T>(sql, params)
  const owedOf = async (orderId: number) =>
    (
      await q<{ id: number; amount: number; refund_reason: string }>(
        `select id, amount, refund_reason from payments where order_id = $1 and reconciliation = 'refund_due'`,
        [orderId],
      )
    )[0]!
  const sandboxRefunds = async (orderNumber: string) => {
    const res = await env.app.request(`/sandbox/payments/refunds?merchantTransactionId=${encodeURIComponent(orderNumber)}`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { refunds: Array<{ amount: string; refunded: boolean }> }).refunds
  }

  it('tells finance of a double charge, lists it in the queue, refunds it once for a double click, and tells the customer', async () => {
    const me = await signUp(env.app)
    const { order } = await doubleCharge(env.app, me)
    const owed = await owedOf(order.id)

    // The notice, queued with the payment it is about.
    const [notice] = await q<{ recipient: string; language: string; text: string; subject: string }>(
      `select recipient, language, text, subject from mail_outbox where template = 'refundOwedNotice' and subject like $1`,
      [`${order.number}:%`],
    )
    expect(notice).toMatchObject({ recipient: 'finance@shop.example.co.za', language: 'en' })
    expect(notice?.text).toContain('/staff/payments')

    // The queue lists it with its reason, amount and order; the count says so.
    const queue = (await (await staffGet(env.app, finance, '/payments/refunds-due')).json()) as { payments: Array<Record<string, unknown>> }
    const listed = queue.payments.find((p) => p.paymentId === owed.id)
    expect(listed).toMatchObject({
      orderNumber: order.number,
      amount: Math.round(owed.amount * 100),
      remaining: Math.round(owed.amount * 100),
      reason: 'voided checkout',
    })
    expect(listed?.customer).toMatchObject({ id: me.id })
    const counted = (await (await staffGet(env.app, finance, '/queues')).json()) as { queues: { refundsDue: number } }
    expect(counted.queues.refundsDue).toBeGreaterThanOrEqual(1)

    // A double click: one key, two requests at once.
    const key = randomUUID()
    const body = { amount: Math.round(owed.amount * 100), reason: 'duplicate payment', note: 'Paid twice on two checkouts' }
    const [a, b] = await Promise.all([refund(env.app, finance, owed.id, body, key), refund(env.app, finance, owed.id, body, key)])
    expect([a.status, b.status]).toEqual([201, 201])
    const [first, second] = (await Promise.all([a.json(), b.json()])) as Array<{ refund: { id: number; status: string; staff: string } }>
    expect(first?.refund).toMatchObject({ status: 'refunded', staff: finance.email })
    expect(second?.refund.id).toBe(first?.refund.id)
    expect([a.headers.get('Idempotent-Replayed'), b.headers.get('Idempotent-Replayed')].filter(Boolean)).toEqual(['true'])
    // Later too (a retry after a lost answer): the same refund, nothing sent again.
    const later = await refund(env.app, finance, owed.id, body, key)
    expect(later.status).toBe(201)
    expect(later.headers.get('Idempotent-Replayed')).toBe('true')

    expect(await sandboxRefunds(order.number)).toEqual([expect.objectContaining({ amount: owed.amount.toFixed(2), refunded: true })])
    expect(await q('select id from refunds where payment_id = $1', [owed.id])).toHaveLength(1)
    expect(await q(`select id from audit_log where action = 'refund.make' and target_id = $1`, [String(owed.id)])).toHaveLength(1)

    // Out of the queue once refunded in full.
    const after = (await (await staffGet(env.app, finance, '/payments/refunds-due')).json()) as { payments: Array<{ paymentId: number }> }
    expect(after.payments.map((p) => p.paymentId)).not.toContain(owed.id)

    // The customer: one mail in the order's language, and the order lists the refund.
    const mails = await q<{ recipient: string; text: string }>(
      `select m.recipient, m.text from mail_outbox m where template = 'refundMade' and subject like $1`,
      [`%${order.number}%`],
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('you paid for this order twice')
    const reply = await env.app.request(`/api/v2/partner/order/${order.id}`, { headers: { Key: apiKey, Cookie: me.cookie } })
    expect(reply.status).toBe(200)
    expect(((await reply.json()) as { refunds?: unknown }).refunds).toEqual([
      { amount: owed.amount, refundedAt: expect.any(String), reason: 'duplicate payment' },
    ])
    const list = await env.app.request(`/api/v2/partner/orders/${me.id}`, { headers: { Key: apiKey, Cookie: me.cookie } })
    const listedOrder = ((await list.json()) as { orders: Array<{ id: number; refunds?: unknown[] }> }).orders.find((o) => o.id === order.id)
    expect(listedOrder?.refunds).toHaveLength(1)
  })

  it('never refunds more than remains: a second request for the rest, and two keys racing for the last rand', async () => {
    const me = await signUp(env.app)
    const { order } = await doubleCharge(env.app, me)
    const owed = await owedOf(order.id)
    const cents = Math.round(owed.amount * 100)

    const tooMuch = await refund(env.app, finance, owed.id, { amount: cents + 1, reason: 'duplicate payment' })
    expect(tooMuch.status).toBe(409)
    expect(await tooMuch.json()).toEqual({ error: refundMessages.tooMuch, remaining: cents })

    expect((await refund(env.app, finance, owed.id, { amount: cents - 100, reason: 'duplicate payment' })).status).toBe(201)
    const racing = await Promise.all([1, 2].map(() => refund(env.app, finance, owed.id, { amount: 100, reason: 'duplicate payment' })))
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409])
    const refused = racing.find((r) => r.status === 409)
    expect(await refused?.json()).toEqual({ error: refundMessages.tooMuch, remaining: 0 })

    const refunds = await sandboxRefunds(order.number)
    expect(refunds.filter((r) => r.refunded)).toHaveLength(2)
    const [given] = await q<{ cents: number }>(`select sum(amount_cents)::int as cents from refunds where payment_id = $1 and status = 'refunded'`, [owed.id])
    expect(given?.cents).toBe(cents)
  })

  it('refunds part of an order for a cancelled line: at most that line, and names it to the customer', async () => {
    const me = await signUp(env.app)
    const { order } = await doubleCharge(env.app, me, { lines: [cartLine(1), cartLine(2)] })
    const owed = await owedOf(order.id)
    const [line] = await q<{ number: number; cents: number; name: string }>(
      'select number, round(unit_price * 100)::int as cents, name from order_lines where order_id = $1 order by number limit 1',
      [order.id],
    )
    const payment = (await (await staffGet(env.app, finance, `/payments/${owed.id}`)).json()) as { payment: { lines: unknown[] } }
    expect(payment.payment.lines).toHaveLength(2)

    expect((await refund(env.app, finance, owed.id, { amount: 100, reason: 'cancelled line' })).status).toBe(400)
    const over = await refund(env.app, finance, owed.id, { amount: line!.cents + 1, reason: 'cancelled line', orderLine: line!.number })
    expect(over.status).toBe(409)
    expect(await over.json()).toEqual({ error: refundMessages.lineTooMuch, remaining: line!.cents })
    expect((await refund(env.app, finance, owed.id, { amount: 100, reason: 'cancelled line', orderLine: 99 })).status).toBe(400)

    const made = await refund(env.app, finance, owed.id, { amount: line!.cents, reason: 'cancelled line', orderLine: line!.number, note: 'Out of stock' })
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({ refund: { orderLine: line!.number, amount: line!.cents, reason: 'cancelled line', note: 'Out of stock' } })
    // The line is refunded in full: nothing more of it, though the payment has more left.
    expect((await refund(env.app, finance, owed.id, { amount: 1, reason: 'cancelled line', orderLine: line!.number })).status).toBe(409)

    const [mail] = await q<{ text: string }>(`select text from mail_outbox where template = 'refundMade' and subject like $1`, [`%${order.number}%`])
    expect(mail?.text).toContain(`The refund is for ${line!.name}.`)
    const reply = (await (await env.app.request(`/api/v2/partner/order/${order.id}`, { headers: { Key: apiKey, Cookie: me.cookie } })).json()) as {
      refunds: unknown[]
    }
    expect(reply.refunds).toEqual([{ amount: line!.cents / 100, refundedAt: expect.any(String), reason: 'cancelled line', orderLine: line!.number }])
  })

  it("mails the customer in their account's language, whatever language the order came in", async () => {
    const me = await signUp(env.app, {}, { language: 'af' })
    const { order } = await doubleCharge(env.app, me)
    await q(`update orders set language = 'xh' where id = $1`, [order.id])
    const owed = await owedOf(order.id)
    expect((await refund(env.app, finance, owed.id, { amount: 100, reason: 'goodwill' })).status).toBe(201)
    const [mail] = await q<{ language: string; subject: string }>(
      `select language, subject from mail_outbox where template = 'refundMade' and subject like $1`,
      [`%${order.number}%`],
    )
    expect(mail?.language).toBe('af')
    expect(mail?.subject).not.toMatch(/^We refunded/)
  })

  it('lets only finance and owners see payments and refund, after a fresh passkey check', async () => {
    const me = await signUp(env.app)
    const { order } = await doubleCharge(env.app, me)
    const owed = await owedOf(order.id)
    const body = { amount: 100, reason: 'goodwill' }
    expect((await staffGet(env.app, undefined, '/payments/refunds-due')).status).toBe(401)
    expect((await refund(env.app, undefined, owed.id, body)).status).toBe(401)
    for (const role of ['support', 'fulfilment'] as const) {
      const member = await staffSession(env.t.db, role)
      expect((await staffGet(env.app, member, '/payments/refunds-due')).status).toBe(403)
      expect((await staffGet(env.app, member, `/payments/${owed.id}`)).status).toBe(403)
      expect((await refund(env.app, member, owed.id, body)).status).toBe(403)
      const counts = (await (await staffGet(env.app, member, '/queues')).json()) as { queues: Record<string, number> }
      expect(counts.queues).not.toHaveProperty('refundsDue')
    }
    const owner = await staffSession(env.t.db, 'owner')
    expect((await staffGet(env.app, owner, '/payments/refunds-due')).status).toBe(200)

    // A session whose passkey check is older than the step-up window is asked for it again, and nothing is refunded.
    const stale = await staffSession(env.t.db, 'finance')
    await q(`update staff_sessions set stepped_up_at = now() - interval '6 minutes' where staff_id = $1`, [stale.staffId])
    const asked = await refund(env.app, stale, owed.id, body)
    expect(asked.status).toBe(403)
    expect(await asked.json()).toEqual({ error: stepUpNeeded, stepUp: true })
    expect(await q('select id from refunds where payment_id = $1', [owed.id])).toHaveLength(0)

    // A key is one refund: the same key with another amount is refused.
    const key = randomUUID()
    expect((await refund(env.app, owner, owed.id, body, key)).status).toBe(201)
    const reused = await refund(env.app, owner, owed.id, { ...body, amount: 200 }, key)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ error: refundMessages.reused })
    expect(await q(`select id from audit_log where action = 'refund.make' and target_id = $1`, [String(owed.id)])).toHaveLength(1)
  })

  it('the sandbox refunds only what was captured and answers a repeated reference the same', async () => {
    const me = await signUp(env.app)
    const { order } = await doubleCharge(env.app, me)
    const owed = await owedOf(order.id)
    const [{ transaction_id: paymentId } = { transaction_id: '' }] = await q<{ transaction_id: string }>('select transaction_id from payments where id = $1', [
      owed.id,
    ])
    // A provider client of its own on the same database: the sandbox keeps its state there.
    const { provider } = cardProviderFor({ kind: 'sandbox' }, env.t.db)
    const all = owed.amount.toFixed(2)
    const over = await provider.refund(paymentId, { amount: (owed.amount + 1).toFixed(2), currency: 'ZAR', merchantTransactionId: `test-${randomUUID()}` })
    expect(over.result.code).toBe('700.400.200')
    const reference = `test-${randomUUID()}`
    const made = await provider.refund(paymentId, { amount: all, currency: 'ZAR', merchantTransactionId: reference })
    expect(made).toMatchObject({ paymentType: 'RF', referencedId: paymentId, amount: all, result: { code: '000.000.000' } })
    const again = await provider.refund(paymentId, { amount: all, currency: 'ZAR', merchantTransactionId: reference })
    expect(again.id).toBe(made.id)
    expect(await provider.paymentsOf(reference)).toEqual([expect.objectContaining({ id: made.id, paymentType: 'RF' })])
    const unknown = await provider.refund('0'.repeat(32), { amount: '1.00', currency: 'ZAR', merchantTransactionId: `test-${randomUUID()}` })
    expect(unknown.result.code).toBe('700.100.100')
    expect((await sandboxRefunds(order.number)).filter((r) => r.refunded)).toHaveLength(1)
  })
})

describe('refunds through a real provider that dies mid-refund', () => {
  let t: TestDb
  let provider: FakeProvider
  let app: TestApp
  let finance: TestStaff
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    provider = await fakeProvider()
    app = accountsApp(t.db, { payments: { kind: 'provider', baseUrl: provider.url, entityId: 'fake-entity', accessToken: 'fake-token' } })
    finance = await staffSession(t.db, 'finance')
  }, startupTimeout)
  afterAll(async () => {
    await provider.close()
    await t.drop()
  })

  it('sends the refund as OPPWA does, and a pending refund is looked up before anything is sent again', async () => {
    const me = await signUp(app)
    const order = await unpaidOrder(app, me)
    expect((await postWallet(app, me, walletBody(me, order))).status).toBe(200)
    const [payment] = await t.db.query<{ id: number; transaction_id: string }>('select id, transaction_id from payments where order_id = $1', [order.id])
    const key = randomUUID()
    const body = { amount: 5000, reason: 'goodwill', note: 'Late delivery' }

    // The provider takes the refund, then the connection is cut: pending, nothing known.
    provider.next = 'die after charging'
    const cut = await refund(app, finance, payment!.id, body, key)
    expect(cut.status).toBe(202)
    expect(await cut.json()).toMatchObject({ refund: { status: 'pending' }, error: refundMessages.unanswered })
    expect(provider.refunds).toEqual([{ id: expect.any(String), referencedId: payment!.transaction_id, merchantTransactionId: key, amount: '50.00' }])
    // Pending counts against what remains: nobody can refund it twice meanwhile.
    expect((await refund(app, finance, payment!.id, { amount: Math.round(order.total_price * 100), reason: 'goodwill' })).status).toBe(409)

    // The dialog's retry asks the provider's report first, finds the refund and records it: one refund at the provider.
    const queriesBefore = provider.queries
    const retry = await refund(app, finance, payment!.id, body, key)
    expect(retry.status).toBe(201)
    expect(await retry.json()).toMatchObject({ refund: { status: 'refunded', providerRefundId: provider.refunds[0]?.id, amount: 5000 } })
    expect(provider.queries).toBe(queriesBefore + 1)
    expect(provider.refunds).toHaveLength(1)

    // Refused by the provider (more than it holds): recorded failed with its result, and it no longer counts.
    provider.next = 'answer'
    const refusedAt = await t.db.query<{ id: number }>('select id from refunds where payment_id = $1', [payment!.id])
    expect(refusedAt).toHaveLength(1)
    await t.db.query('update payments set amount = amount + 100 where id = $1', [payment!.id])
    const declined = await refund(app, finance, payment!.id, { amount: Math.round(order.total_price * 100) + 10000 - 5000, reason: 'goodwill' })
    expect(declined.status).toBe(502)
    expect(await declined.json()).toMatchObject({ refund: { status: 'failed', result: { code: '700.400.200' } } })
    expect(provider.refunds).toHaveLength(1)
  })

  it('settles a refund left pending by itself: the reconciler finds it in the provider report, records it once and tells the customer', async () => {
    const me = await signUp(app)
    const order = await unpaidOrder(app, me)
    expect((await postWallet(app, me, walletBody(me, order))).status).toBe(200)
    const [payment] = await t.db.query<{ id: number }>('select id from payments where order_id = $1', [order.id])
    provider.next = 'die after charging'
    const cut = await refund(app, finance, payment!.id, { amount: 2500, reason: 'goodwill' })
    expect(cut.status).toBe(202)
    const options = { db: t.db, provider: providerOf(provider, t.db), partner, network: 'sandbox' as const, log: silentLogger, leftOpenAfterMs: 0 }
    // Nobody repeats the request: the reconciler's next run asks the provider's report and records what it says.
    expect(await reconcileOnce(options)).toEqual({ asked: 1, recorded: 0, refundsSettled: 1 })
    const [settled] = await t.db.query<{ status: string; provider_refund_id: string }>('select status, provider_refund_id from refunds where payment_id = $1', [
      payment!.id,
    ])
    expect(settled).toEqual({ status: 'refunded', provider_refund_id: provider.refunds.at(-1)?.id })
    expect(provider.refunds.filter((r) => r.referencedId === provider.refunds.at(-1)?.referencedId)).toHaveLength(1)
    const mails = await t.db.query<{ template: string }>(`select template from mail_outbox where recipient = $1 and template = 'refundMade'`, [me.email])
    expect(mails).toHaveLength(1)
    // Settled: the next run has nothing to ask.
    expect(await reconcileOnce(options)).toEqual({ asked: 0, recorded: 0, refundsSettled: 0 })
  })

  it('asks about a refund still pending at the provider at most once a minute', async () => {
    const me = await signUp(app)
    const order = await unpaidOrder(app, me)
    expect((await postWallet(app, me, walletBody(me, order))).status).toBe(200)
    const [payment] = await t.db.query<{ id: number }>('select id from payments where order_id = $1', [order.id])
    // The refund never reached the provider: the reconciler sends it (once) and the provider's answer is lost again.
    provider.next = 'die before charging'
    expect((await refund(app, finance, payment!.id, { amount: 1000, reason: 'goodwill' })).status).toBe(202)
    const before = provider.refunds.length
    provider.next = 'die before charging'
    const options = { db: t.db, provider: providerOf(provider, t.db), partner, network: 'sandbox' as const, log: silentLogger, leftOpenAfterMs: 0 }
    expect(await reconcileOnce(options)).toEqual({ asked: 1, recorded: 0, refundsSettled: 0 })
    expect(await reconcileOnce(options)).toEqual({ asked: 0, recorded: 0, refundsSettled: 0 })
    const [held] = await t.db.query<{ status: string; held: boolean }>(
      `select status, sending_until > now() + interval '50 seconds' as held from refunds where payment_id = $1`,
      [payment!.id],
    )
    expect(held).toEqual({ status: 'pending', held: true })
    expect(provider.refunds).toHaveLength(before)
  })
})
