import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { loginLimits } from '../../../server/accounts/loginLimiter.ts'
import { apiKey, call, password, sessionCookie, signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { Customer, TestApp } from '../helpers/accounts.ts'
import { payByCard, payByWallet, placeOrder } from '../helpers/portal.ts'
import { DELIVERY_DEFAULTS } from '../../../src/domain/order.ts'
import { sandboxPartner } from '../../../server/orders/partner.ts'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import { reconcileOnce } from '../../../server/payments/reconcile.ts'
import { recordReportedPayment } from '../../../server/payments/reportedPayment.ts'
import { accountHash, deleteCustomer } from '../../../server/accounts/deleteCustomer.ts'
import { reapplyDeletions } from '../../../server/accounts/reapplyDeletions.ts'
import { secondInstanceDb } from '../helpers/testDb.ts'
import { guestOf } from '../../../server/http/idempotency.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { cartLine, orderBody, postOrder } from '../helpers/orders.ts'
import { payWithCard, postCheckout, SUCCESS_CARD } from '../helpers/payments.ts'

let address = 0
/** Each test from an address of its own, so the per-address sign-in limit of one never reaches another. */
const newAddress = () => `198.51.100.${++address}`

const remove = (app: TestApp, cookie: string | undefined, body: unknown, from = newAddress()) =>
  app.request('/api/account/delete', call('POST', body, { ...(cookie ? { cookie } : {}), from }))

const confirmed = (extra: Record<string, unknown> = {}) => ({ password, confirmation: 'DELETE', ...extra })

const session = async (app: TestApp, cookie: string) => (await app.request('/api/auth/session', call('GET', undefined, { cookie }))).status

describe('POST /api/account/delete', () => {
  const env = useAccountsApp({ seeded: true })
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[]) => env.t.db.query<T>(sql, params)

  /** A customer who paid one order by card and one with Google Pay (a SIM each), left one unpaid and wrote to support. */
  async function customerWithHistory(first_name = 'Ayanda') {
    const me = await signUp(env.app, { first_name })
    const byCard = await placeOrder(env.app, me)
    await payByCard(env.app, me, byCard)
    const byWallet = await placeOrder(env.app, me)
    await payByWallet(env.app, me, byWallet)
    const unpaid = await placeOrder(env.app, me)
    const id = randomUUID()
    await env.app.request('/api/support/messages', {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': id, Cookie: me.cookie, 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ id, message: { name: `${first_name} Mokoena`, email: me.email, message: 'Please call me on 0821234567.' } }),
    })
    return { ...me, orderIds: [byCard.id, byWallet.id, unpaid.id] }
  }

  const customerRow = async (me: Customer) => (await q('select id from customers where id = $1', [me.id]))[0]

  it('answers 401 without a session and deletes nothing', async () => {
    const me = await signUp(env.app)
    const res = await remove(env.app, undefined, confirmed())
    expect(res.status).toBe(401)
    expect(await customerRow(me)).toBeDefined()
  })

  it('needs the confirmation word and the password (400), deleting nothing', async () => {
    const me = await signUp(env.app)
    for (const body of [{ password }, confirmed({ confirmation: 'delete it' }), confirmed({ confirmation: '' }), { confirmation: 'DELETE' }]) {
      const res = await remove(env.app, me.cookie, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(await customerRow(me)).toBeDefined()
    expect(await session(env.app, me.cookie)).toBe(200)
  })

  it('refuses a wrong password (403) and counts it as a failed sign-in, up to the sign-in limit (429)', async () => {
    const me = await signUp(env.app)
    const from = newAddress()
    for (let i = 0; i < loginLimits.perEmail; i++) {
      const res = await remove(env.app, me.cookie, confirmed({ password: 'Wrong#1234' }), from)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'The password is not correct.' })
    }
    const limited = await remove(env.app, me.cookie, confirmed(), from)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    // The same limit as signing in: the guesses here lock the email's sign-in too.
    const login = await env.app.request('/api/auth/login', call('POST', { email: me.email, password }, { from: newAddress() }))
    expect(login.status).toBe(429)
    expect(await customerRow(me)).toBeDefined()
  })

  it('takes the confirmation word of any of the three languages, in any letter case', async () => {
    for (const word of ['CIMA', 'skrap', ' Delete ']) {
      const me = await signUp(env.app)
      expect((await remove(env.app, me.cookie, confirmed({ confirmation: word }))).status, word).toBe(204)
      expect(await customerRow(me)).toBeUndefined()
    }
  })

  it('deletes the customer and ends every session, this one and the others, clearing its cookies', async () => {
    const me = await signUp(env.app)
    const other = sessionCookie(await env.app.request('/api/auth/login', call('POST', { email: me.email, password }, { from: newAddress() })))!
    const res = await remove(env.app, me.cookie, confirmed())
    expect(res.status).toBe(204)
    const cleared = res.headers.getSetCookie()
    expect(cleared.find((c) => c.startsWith('sid='))).toMatch(/Max-Age=0/)
    expect(cleared.find((c) => c.startsWith('signed_in='))).toMatch(/Max-Age=0/)
    expect(await session(env.app, me.cookie)).toBe(401)
    expect(await session(env.app, other)).toBe(401)
    expect(await q('select 1 from sessions where customer_id = $1', [me.id])).toEqual([])
    expect(await customerRow(me)).toBeUndefined()
  })

  it('leaves a tombstone naming no one, that deletes the account again in a database restored from before the deletion', async () => {
    const me = await signUp(env.app)
    const hashOf = async () => (await q<{ h: string }>(`select ${accountHash} as h from customers c where c.id = $1`, [me.id]))[0]!.h
    const hash = await hashOf()
    // As JSON, so the sign-up instant keeps its microseconds (a JavaScript Date would keep milliseconds only).
    const [backup] = await q<{ row: unknown }>('select to_jsonb(c) as row from customers c where c.id = $1', [me.id])
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    const [tombstone] = await q<{ account_hash: string }>('select account_hash from deleted_accounts where account_hash = $1', [hash])
    expect(tombstone).toBeDefined()
    expect(JSON.stringify(tombstone)).not.toContain(me.email)
    // The row as a backup taken before the deletion brings it back.
    await q('insert into customers overriding system value select * from jsonb_populate_record(null::customers, $1::text::jsonb)', [
      JSON.stringify(backup!.row),
    ])
    expect(await hashOf()).toBe(hash)
    expect(await reapplyDeletions(env.t.db)).toMatchObject({ added: 0, deleted: 1, waiting: 0 })
    expect(await customerRow(me)).toBeUndefined()
  })

  it('lets the email sign up again, as a new customer who sees none of the old orders', async () => {
    const me = await customerWithHistory()
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    const again = await signUp(env.app, { email: me.email.toUpperCase() })
    expect(again.id).not.toBe(me.id)
    const orders = await env.app.request(`/api/v2/partner/orders/${again.id}`, call('GET', undefined, { cookie: again.cookie }))
    expect(await orders.json()).toEqual({ orders: [] })
    const login = await env.app.request('/api/auth/login', call('POST', { email: me.email, password }, { from: newAddress() }))
    expect(login.status).toBe(200)
  })

  it('keeps the orders, payments, checkouts and SIMs for the business, detached and without what pointed at the person', async () => {
    const me = await customerWithHistory('Nomsa')
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    const orders = await q<{ customer_id: number | null; delivery_address: Record<string, unknown>; delivery: Record<string, unknown> }>(
      'select customer_id, delivery_address, delivery from orders where id = any($1::bigint[]) order by id',
      [me.orderIds],
    )
    expect(orders).toHaveLength(3)
    for (const order of orders) {
      expect(order.customer_id).toBeNull()
      expect(order.delivery_address).toEqual({ city: 'Cape Town', province: 'Western Cape', postal_code: '8001', country: 'South Africa' })
      expect(order.delivery).not.toHaveProperty('instructions')
    }
    const lines = await q<{ friendly_name: string }>('select friendly_name from order_lines where order_id = any($1::bigint[])', [me.orderIds])
    expect(lines.map((l) => l.friendly_name)).toEqual(['', '', ''])
    const payments = await q<{ user_id: number | null; holder: string; amount: number; method: string }>(
      'select user_id, holder, amount, method from payments where order_id = any($1::bigint[]) order by id',
      [me.orderIds],
    )
    expect(payments).toMatchObject([
      { user_id: null, holder: '', method: 'card' },
      { user_id: null, holder: '', method: 'wallet' },
    ])
    expect(await q('select customer_id from checkouts where order_id = $1', [me.orderIds[0]])).toEqual([{ customer_id: null }])
    const services = await q<{ customer_id: number | null; name: string; status: number; cancellation_date: Date | null }>(
      'select customer_id, name, status, cancellation_date from services where order_id = any($1::bigint[])',
      [me.orderIds],
    )
    expect(services).toHaveLength(2)
    for (const sim of services) expect(sim).toMatchObject({ customer_id: null, name: '', status: 900, cancellation_date: expect.any(Date) })
  })

  it("removes the addresses, social sign-in links and support messages' personal fields", async () => {
    const me = await customerWithHistory('Thabo')
    await q("insert into customer_identities (provider, subject, customer_id) values ('google', $1, $2)", [`sub-${me.id}`, me.id])
    const [message] = await q<{ id: number }>('select id from support_messages where customer_id = $1', [me.id])
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    expect(await q('select 1 from addresses where customer_id = $1', [me.id])).toEqual([])
    expect(await q('select 1 from customer_identities where customer_id = $1', [me.id])).toEqual([])
    expect(await q('select customer_id, name, email, message, client_address from support_messages where id = $1', [message!.id])).toEqual([
      { customer_id: null, name: '', email: '', message: '', client_address: '' },
    ])
  })

  it("deletes only the session's own customer, whatever the body names", async () => {
    const me = await customerWithHistory('Lindiwe')
    const other = await customerWithHistory('Sipho')
    const res = await remove(env.app, me.cookie, confirmed({ user_id: other.id, customer_id: other.id, email: other.email }))
    expect(res.status).toBe(204)
    expect(await customerRow(me)).toBeUndefined()
    expect(await customerRow(other)).toBeDefined()
    expect(await session(env.app, other.cookie)).toBe(200)
    expect(await q('select count(*)::int as n from orders where customer_id = $1', [other.id])).toEqual([{ n: 3 }])
  })

  it("another customer's password deletes nobody", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app, { password: 'Other#5678', confirm_password: 'Other#5678' })
    const res = await remove(env.app, me.cookie, confirmed({ password: 'Other#5678' }))
    expect(res.status).toBe(403)
    expect(await customerRow(me)).toBeDefined()
    expect(await customerRow(other)).toBeDefined()
  })

  it('waits for a Google Pay charge still at the provider (409), changing nothing', async () => {
    const me = await signUp(env.app)
    const order = await placeOrder(env.app, me)
    await q("insert into wallet_requests (customer_id, key, request_hash, order_id, charging_since) values ($1, $2, 'h', $3, now())", [
      me.id,
      randomUUID(),
      order.id,
    ])
    const res = await remove(env.app, me.cookie, confirmed())
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'This payment is still being processed. Please wait a moment.' })
    expect(await customerRow(me)).toBeDefined()
    expect(await session(env.app, me.cookie)).toBe(200)
  })
})

describe('POST /api/account/delete: open checkouts and the rest of the person (POPIA)', () => {
  const captured = captureLog('info')
  // No sandbox notifications: a payment is found by the reconciliation worker, which the test runs itself.
  const env = useAccountsApp({ seeded: true, log: captured.log, config: { sandboxWebhooks: false } })
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[]) => env.t.db.query<T>(sql, params)
  const reconcile = () =>
    reconcileOnce({
      db: env.t.db,
      provider: cardProviderFor({ kind: 'sandbox' }, env.t.db).provider,
      partner: sandboxPartner,
      network: 'sandbox',
      log: captured.log,
      leftOpenAfterMs: 0,
    })

  const supportMessage = (body: { name: string; email: string; message: string }, cookie?: string) => {
    const id = randomUUID()
    return env.app.request('/api/support/messages', {
      method: 'POST',
      headers: {
        Key: apiKey,
        'Content-Type': 'application/json',
        'Idempotency-Key': id,
        'X-Forwarded-For': newAddress(),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify({ id, message: body }),
    })
  }

  it('voids the open card checkout: paid in the sandbox afterwards, the payment keeps nothing of the person, sets up no SIM and is flagged for refund', async () => {
    const me = await signUp(env.app, { first_name: 'Busisiwe' })
    const order = await placeOrder(env.app, me)
    const checkout = await postCheckout(env.app, me, { payment: { orderId: order.id } })
    const { checkoutId } = (await checkout.json()) as { checkoutId: string }
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    expect(await q('select customer_id, voided_at is not null as voided from checkouts where id = $1', [checkoutId])).toEqual([
      { customer_id: null, voided: true },
    ])
    // The widget was still open in a tab: the provider takes the card, and the worker finds the payment.
    captured.clear()
    await payWithCard(env.app, checkoutId, SUCCESS_CARD)
    await reconcile()
    const payments = await q(
      'select user_id, holder, bin, lastfour, expiry_month, expiry_year, reconciliation, refund_reason from payments where order_id = $1',
      [order.id],
    )
    expect(payments).toEqual([
      { user_id: null, holder: '', bin: '', lastfour: '', expiry_month: '', expiry_year: '', reconciliation: 'refund_due', refund_reason: 'no customer' },
    ])
    expect(await q('select id from services where order_id = $1', [order.id])).toEqual([])
    expect(await q('select status from orders where id = $1', [order.id])).toEqual([{ status: 'Payment not Completed' }])
    expect(captured.problems()).toMatchObject([{ level: 40, orderId: order.id, checkoutId, reconciliation: 'refund_due', reason: 'no customer' }])
  })

  it('a payment found while the account is being deleted waits for the deletion, then is saved for no one: no deadlock, no error', async () => {
    const me = await signUp(env.app)
    const order = await placeOrder(env.app, me)
    const { checkoutId } = (await (await postCheckout(env.app, me, { payment: { orderId: order.id } })).json()) as { checkoutId: string }
    await payWithCard(env.app, checkoutId, SUCCESS_CARD)
    const payment = (await cardProviderFor({ kind: 'sandbox' }, env.t.db).provider.checkoutPayment(checkoutId))!
    // On PostgreSQL the webhook's request runs on a pool of its own, so it really meets the deletion halfway.
    const second = await secondInstanceDb(env.t)
    try {
      let reported: Promise<string> | undefined
      await env.t.db.transaction(async (tx) => {
        // The deletion has begun (it locks the customer first) when the provider's notification arrives.
        await tx.query('select id from customers where id = $1 for update', [me.id])
        reported = recordReportedPayment(second.db, sandboxPartner, 'sandbox', payment, captured.log).catch((error: unknown) => String(error))
        if (process.env.DATABASE_URL) {
          const waiting = async () =>
            (
              await tx.query<{ n: number }>(
                "select count(*)::int as n from pg_locks where locktype = 'tuple' and relation = 'customers'::regclass and pid <> pg_backend_pid()",
              )
            )[0]!.n
          await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000, interval: 20 })
        }
        await deleteCustomer({ ...env.t.db, query: (sql, params) => tx.query(sql, params), transaction: (fn) => fn(tx) }, me.id)
      })
      expect(await reported).toBe('refund_due')
    } finally {
      await second.close()
    }
    expect(await q('select user_id, holder, reconciliation, refund_reason from payments where order_id = $1', [order.id])).toEqual([
      { user_id: null, holder: '', reconciliation: 'refund_due', refund_reason: 'no customer' },
    ])
    expect(await q('select id from services where order_id = $1', [order.id])).toEqual([])
  })

  /** A customer with a trace of each kind, then deleted: a line comment, a delivery time, a signed-out message, the sandbox's copy, mails. */
  async function deletedWithTraces() {
    const me = await signUp(env.app, { first_name: 'Khanyisile' })
    const lines = [
      cartLine(1, { product_configs: { value_adds: [], configs: [{ friendly_name: 'Gogo’s router', comments: 'Call Khanyisile on 0821234567' }] } }),
    ]
    const body = orderBody(lines, { delivery: { ...DELIVERY_DEFAULTS, time: 'Weekdays after 17:00', instructions: 'Gate code 4321, ask for Khanyisile' } })
    const placed = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { id: number; number: string }
    await payByCard(env.app, me, order)
    // The customer proved the email (its sign-up link), and earlier a former address through a confirmed change.
    await q("update customers set email_verified_at = now(), email_verified_by = 'signup_link' where id = $1", [me.id])
    const former = `former.${me.id}@example.co.za`
    await q("insert into email_changes (token_hash, customer_id, email, expires_at, used_at) values ($1, $2, $3, now() + interval '1 day', now())", [
      Buffer.from(randomUUID()),
      me.id,
      former,
    ])
    // Sent signed out from the customer's email and the former one (and one from someone else, which stays).
    expect((await supportMessage({ name: 'Khanyisile M', email: me.email.toUpperCase(), message: 'I forgot my password.' })).status).toBe(201)
    expect((await supportMessage({ name: 'Khanyisile M', email: former, message: 'My old address.' })).status).toBe(201)
    const stranger = `stranger.${me.id}@example.co.za`
    expect((await supportMessage({ name: 'Someone Else', email: stranger, message: 'Hello.' })).status).toBe(201)
    const mail = (to: string) => [to, 'en', 'password-reset', 'Reset', 'Hello Khanyisile', '<p>Hello Khanyisile</p>']
    for (const to of [me.email, former.toUpperCase(), stranger])
      await q(
        "insert into sandbox_mail (sender, recipient, language, template, subject, text, html) values ('shop@example.co.za', $1, $2, $3, $4, $5, $6)",
        mail(to),
      )
    await q('insert into mail_outbox (recipient, language, template, subject, text, html) values ($1, $2, $3, $4, $5, $6)', mail(me.email))
    await q('insert into mail_outbox (recipient, language, template, subject, text, html, sent_at) values ($1, $2, $3, $4, $5, $6, now())', mail(former))
    await q('insert into mail_outbox (recipient, language, template, subject, text, html) values ($1, $2, $3, $4, $5, $6)', mail(stranger))
    const [copy] = await q<{ customer: unknown }>('select customer from sandbox_checkouts where merchant_transaction_id = $1', [order.number])
    expect(copy!.customer).toMatchObject({ givenName: 'Khanyisile' })
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    return { me, order, former, stranger }
  }

  it('blanks the comments of the order lines', async () => {
    const { order } = await deletedWithTraces()
    expect(await q('select comments, friendly_name from order_lines where order_id = $1', [order.id])).toEqual([{ comments: '', friendly_name: '' }])
  })

  it('blanks the delivery time and instructions', async () => {
    const { order } = await deletedWithTraces()
    const [stored] = await q<{ delivery: Record<string, unknown> }>('select delivery from orders where id = $1', [order.id])
    expect(stored!.delivery).not.toHaveProperty('time')
    expect(stored!.delivery).not.toHaveProperty('instructions')
    expect(JSON.stringify(stored!.delivery)).not.toMatch(/17:00|4321|Khanyisile/)
  })

  it('anonymises the support messages sent signed out from the proven email and a confirmed former one, and only those', async () => {
    const { me, former, stranger } = await deletedWithTraces()
    expect(await q('select id from support_messages where lower(email) = lower($1) or message = $2', [me.email, 'I forgot my password.'])).toEqual([])
    expect(await q('select id from support_messages where lower(email) = lower($1) or message = $2', [former, 'My old address.'])).toEqual([])
    expect(await q('select name, email from support_messages where email = $1', [stranger])).toEqual([{ name: 'Someone Else', email: stranger }])
  })

  it('deletes the stored answers of the messages sent signed out from the proven emails, keyed by their hash, and only those', async () => {
    const { me, former, stranger } = await deletedWithTraces()
    const keysOf = (email: string) => q('select status from idempotency_keys where sender = $1', [`guest:${guestOf(email)}`])
    expect(await keysOf(me.email)).toEqual([])
    expect(await keysOf(former)).toEqual([])
    expect(await keysOf(stranger)).toEqual([{ status: 201 }])
    expect(await q("select sender from support_messages where message = '' and sender is not null", [])).toEqual([])
  })

  it("blanks the card sandbox's copy of the customer and the card holder on the customer's checkouts", async () => {
    const { order } = await deletedWithTraces()
    const sandbox = await q('select customer, payment from sandbox_checkouts where merchant_transaction_id = $1', [order.number])
    expect(sandbox).toHaveLength(1)
    expect(JSON.stringify(sandbox)).not.toMatch(/Khanyisile|Thandi Nkosi|example\.co\.za/)
  })

  it('deletes the mails to the email and a confirmed former address, sent or not, from the sandbox mailbox and the outbox; others stay', async () => {
    const { me, former, stranger } = await deletedWithTraces()
    expect(await q('select recipient from sandbox_mail where lower(recipient) in (lower($1), lower($2))', [me.email, former])).toEqual([])
    expect(await q('select recipient from mail_outbox where lower(recipient) in (lower($1), lower($2))', [me.email, former])).toEqual([])
    expect(await q('select recipient from sandbox_mail where recipient = $1', [stranger])).toEqual([{ recipient: stranger }])
    // The stranger's own mail and the acknowledgement of their support message stay.
    expect(await q('select template from mail_outbox where recipient = $1 order by id', [stranger])).toEqual([
      { template: 'supportAcknowledgement' },
      { template: 'password-reset' },
    ])
    // The support team's copy of the customer's message, Reply-To them, goes; the stranger's stays.
    expect(await q('select reply_to from mail_outbox where lower(reply_to) in (lower($1), lower($2))', [me.email, stranger])).toEqual([{ reply_to: stranger }])
  })

  /** A stranger's signed-out message and a mail to them, as the outbox and the sandbox mailbox hold them. */
  async function strangersTraces(stranger: string) {
    expect((await supportMessage({ name: 'Someone Else', email: stranger, message: `Hello from ${stranger}.` })).status).toBe(201)
    await q(
      "insert into sandbox_mail (sender, recipient, language, template, subject, text, html) values ('shop@example.co.za', $1, 'en', 'receipt', 'Receipt', 'Hello', '<p>Hello</p>')",
      [stranger],
    )
  }
  const strangersRows = async (stranger: string) => ({
    messages: await q('select name, email from support_messages where email = $1', [stranger]),
    outbox: await q('select template from mail_outbox where recipient = $1 order by id', [stranger]),
    mailbox: await q('select template from sandbox_mail where recipient = $1', [stranger]),
  })
  const strangerKept = (stranger: string) => ({
    messages: [{ name: 'Someone Else', email: stranger }],
    outbox: [{ template: 'supportAcknowledgement' }],
    mailbox: [{ template: 'receipt' }],
  })

  it("keeps a stranger's signed-out messages and mails when the stranger's address was only typed as the pending email", async () => {
    const me = await signUp(env.app)
    await q("update customers set email_verified_at = now(), email_verified_by = 'signup_link' where id = $1", [me.id])
    const stranger = `typed.${me.id}@example.co.za`
    await strangersTraces(stranger)
    const change = await env.app.request(
      `/api/v2/users/${me.id}/email`,
      call('POST', { email: stranger, current_password: password }, { cookie: me.cookie, from: newAddress() }),
    )
    expect(change.status).toBe(200)
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    const rows = await strangersRows(stranger)
    // The confirmation link the deleted customer had mailed them stays with the rest: it was mailed to their mailbox, and it now confirms nothing.
    expect({ ...rows, outbox: rows.outbox.filter((m) => m.template !== 'emailChange') }).toEqual(strangerKept(stranger))
  })

  it('an email the customer never proved erases only the rows of the account itself', async () => {
    const stranger = `unproven.${Date.now()}@example.co.za`
    // Someone registered the stranger's address, never confirmed it, and wrote to support signed in.
    const me = await signUp(env.app, { email: stranger })
    await strangersTraces(stranger)
    expect((await supportMessage({ name: 'Registrant', email: stranger, message: 'Signed in.' }, me.cookie)).status).toBe(201)
    expect((await remove(env.app, me.cookie, confirmed())).status).toBe(204)
    expect(await q('select 1 from support_messages where message = $1', ['Signed in.'])).toEqual([])
    const rows = await strangersRows(stranger)
    expect(rows.messages).toEqual(strangerKept(stranger).messages)
    expect(rows.mailbox).toEqual(strangerKept(stranger).mailbox)
    expect(rows.outbox).toEqual(expect.arrayContaining(strangerKept(stranger).outbox))
  })
})
