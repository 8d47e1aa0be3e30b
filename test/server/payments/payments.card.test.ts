import { beforeEach, describe, expect, it } from 'vitest'
import { sandboxPartner } from '../../../server/orders/partner.ts'
import { createCardCheckout } from '../../../server/payments/cardPayments.ts'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import { ProviderUnavailable } from '../../../server/payments/provider.ts'
import type { CardProvider } from '../../../server/payments/provider.ts'
import { countPayments } from '../../../server/payments/recordPayment.ts'
import { recordReportedPayment } from '../../../server/payments/reportedPayment.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { billingOf } from '../helpers/portal.ts'
import { getStatus, payWithCard, PENDING_CARD, postCheckout, REJECTED_CARD, SUCCESS_CARD, THREE_DS_CARD, unpaidOrder } from '../helpers/payments.ts'

type Me = Awaited<ReturnType<typeof signUp>>

describe('card payments: checkout, status and the payment record', () => {
  const env = useAccountsApp({ seeded: true })
  let me: Me

  beforeEach(async () => {
    me = await signUp(env.app)
  })

  async function checkoutFor(order: { id: number }) {
    const res = await postCheckout(env.app, me, { payment: { orderId: order.id, amount: 1 } })
    expect(res.status).toBe(200)
    return (await res.json()) as { checkoutId: string; amount: string; order_id: number; scriptUrl: string; currency: string; order_number: string }
  }

  const orderRow = async (id: number) => (await env.t.db.query<{ status: string }>('select status from orders where id = $1', [id]))[0]!.status

  it("creates the checkout for the server's order total, never the amount the browser sent", async () => {
    const order = await unpaidOrder(env.app, me)
    const checkout = await checkoutFor(order)
    expect(checkout).toEqual({
      checkoutId: expect.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.-]{7,79}$/),
      order_id: order.id,
      order_number: order.number,
      amount: '299.00',
      currency: 'ZAR',
      scriptUrl: `/sandbox/payments/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkout.checkoutId)}`,
    })
    const [row] = await env.t.db.query<{ amount: number; customer_id: number }>('select amount, customer_id from checkouts where id = $1', [
      checkout.checkoutId,
    ])
    expect(row).toEqual({ amount: 299, customer_id: me.id })
  })

  it('answers 200 with the result and saves one payment record, moving the order once, however often it is asked', async () => {
    const order = await unpaidOrder(env.app, me)
    const { checkoutId } = await checkoutFor(order)
    const pending = await getStatus(env.app, me, checkoutId)
    expect(pending.status).toBe(205)
    expect(await countPayments(env.t.db, order.id)).toBe(0)

    const next = await payWithCard(env.app, checkoutId, SUCCESS_CARD)
    expect(next).toBe(
      `http://localhost/payment_status/${checkoutId}?id=${checkoutId}&resourcePath=${encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`)}`,
    )
    const answers = await Promise.all([1, 2, 3, 4].map(() => getStatus(env.app, me, checkoutId)))
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        status: 200,
        result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
        order_id: order.id,
        order_number: order.number,
        checkoutId,
        recorded: 'paid',
      })
    }
    expect((await getStatus(env.app, me, checkoutId)).status).toBe(200)
    expect(await countPayments(env.t.db, order.id)).toBe(1)
    expect(await orderRow(order.id)).toBe('Queued for delivery')
    const lines = await env.t.db.query<{ status: string }>('select status from order_lines where order_id = $1', [order.id])
    expect(lines.every((l) => l.status === 'Queued for delivery')).toBe(true)

    const [record] = await env.t.db.query<Record<string, unknown>>('select * from payments where order_id = $1', [order.id])
    expect(record).toMatchObject({
      registration: checkoutId,
      method: 'card',
      user_id: me.id,
      order_number: order.number,
      amount: 299,
      currency: 'ZAR',
      brand: 'VISA',
      bin: '420000',
      lastfour: '0000',
      holder: 'Thandi Nkosi',
      expiry_month: '12',
      status: 'success',
      result_code: '000.100.110',
      partner: { id: 1, comments: 'Web storefront', agent_email: 'webstore@storefront.co.za' },
    })
    expect(Date.now() - new Date(record!.effective_date as string).getTime()).toBeLessThan(60_000)
  })

  it('refuses a second checkout for a paid order (409)', async () => {
    const order = await unpaidOrder(env.app, me)
    const { checkoutId } = await checkoutFor(order)
    await payWithCard(env.app, checkoutId, SUCCESS_CARD)
    await getStatus(env.app, me, checkoutId)
    const again = await postCheckout(env.app, me, { payment: { orderId: order.id } })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: 'This order is already paid.' })
  })

  it('answers 205 with the result in headers for a pending payment, saves nothing, and saves once it settles', async () => {
    const order = await unpaidOrder(env.app, me)
    const { checkoutId } = await checkoutFor(order)
    await payWithCard(env.app, checkoutId, PENDING_CARD)
    const res = await getStatus(env.app, me, checkoutId)
    expect(res.status).toBe(205)
    expect(await res.text()).toBe('')
    expect(res.headers.get('Payment-Result-Code')).toBe('000.200.000')
    expect(decodeURIComponent(res.headers.get('Payment-Result-Description') ?? '')).toBe('transaction pending')
    expect(res.headers.get('Payment-Order-Id')).toBe(String(order.id))
    expect(await countPayments(env.t.db, order.id)).toBe(0)
    expect(await orderRow(order.id)).toBe('Payment not Completed')
  })

  it('answers 400 with the description for a rejected card and leaves the order unpaid', async () => {
    const order = await unpaidOrder(env.app, me)
    const { checkoutId } = await checkoutFor(order)
    await payWithCard(env.app, checkoutId, REJECTED_CARD)
    const res = await getStatus(env.app, me, checkoutId)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ status: 400, result: { code: '800.100.151', description: 'transaction declined (invalid card)' } })
    expect(await countPayments(env.t.db, order.id)).toBe(0)
    expect(await orderRow(order.id)).toBe('Payment not Completed')
    // Another card may still pay the order.
    expect((await postCheckout(env.app, me, { payment: { orderId: order.id } })).status).toBe(200)
  })

  it('pays after a 3-D Secure challenge the customer approves', async () => {
    const order = await unpaidOrder(env.app, me)
    const { checkoutId } = await checkoutFor(order)
    const challenge = await payWithCard(env.app, checkoutId, THREE_DS_CARD)
    expect(challenge).toContain(`/sandbox/payments/v1/threeDSecure/${checkoutId}`)
    expect((await getStatus(env.app, me, checkoutId)).status).toBe(205)
    const approved = await env.app.request(new URL(challenge).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    })
    expect(approved.status).toBe(303)
    expect(approved.headers.get('Location')).toContain(`/payment_status/${checkoutId}?id=${checkoutId}`)
    expect((await getStatus(env.app, me, checkoutId)).status).toBe(200)
    expect(await countPayments(env.t.db, order.id)).toBe(1)
  })

  it("refuses another customer's order (403) and checkout (403), an unknown order (404) and checkout (404)", async () => {
    const order = await unpaidOrder(env.app, me)
    const { checkoutId } = await checkoutFor(order)
    const other = await signUp(env.app)
    const theirs = await postCheckout(env.app, other, { payment: { orderId: order.id } })
    expect(theirs.status).toBe(403)
    expect((await getStatus(env.app, other, checkoutId)).status).toBe(403)
    expect((await postCheckout(env.app, other, { payment: { orderId: order.id } }, me.id)).status).toBe(403)
    expect((await getStatus(env.app, other, checkoutId, me.id)).status).toBe(403)
    expect((await postCheckout(env.app, me, { payment: { orderId: 999_999 } })).status).toBe(404)
    expect((await getStatus(env.app, me, 'ABCDEF0123456789.sandbox01')).status).toBe(404)
  })

  it('answers 400 for a malformed body or checkout id and 401 without a session', async () => {
    expect((await postCheckout(env.app, me, { payment: {} })).status).toBe(400)
    expect((await postCheckout(env.app, me, { payment: { orderId: 'abc' } })).status).toBe(400)
    expect((await getStatus(env.app, me, 'bad id!')).status).toBe(400)
    const anonymous = await env.app.request(`/api/v2/billing/partner/checkout/${me.id}`, {
      method: 'POST',
      headers: { Key: 'test-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment: { orderId: 1 } }),
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('GET /api/v2/billing/partner/payments/{user_id}', () => {
  const env = useAccountsApp({ seeded: true })

  it("lists the customer's own payment records with their fields, and refuses anyone else's", async () => {
    const me = await signUp(env.app)
    const order = await unpaidOrder(env.app, me)
    const checkout = (await (await postCheckout(env.app, me, { payment: { orderId: order.id } })).json()) as { checkoutId: string }
    await payWithCard(env.app, checkout.checkoutId, SUCCESS_CARD)
    await getStatus(env.app, me, checkout.checkoutId)
    const list = async (who: Me, userId = who.id) =>
      env.app.request(`/api/v2/billing/partner/payments/${userId}`, { headers: { Key: 'test-key', Cookie: who.cookie } })
    const res = await list(me)
    expect(res.status).toBe(200)
    const { payments } = (await res.json()) as { payments: Record<string, unknown>[] }
    expect(payments).toHaveLength(1)
    expect(Object.keys(payments[0]!).sort()).toEqual([
      'amount',
      'bin',
      'brand',
      'comments',
      'currency',
      'effective_date',
      'expiry_month',
      'expiry_year',
      'holder',
      'lastfour',
      'order_id',
      'order_number',
      'partner',
      'payment_id',
      'registration',
      'status',
      'transaction_id',
      'user_id',
    ])
    const other = await signUp(env.app)
    expect((await list(other, me.id)).status).toBe(403)
    expect(((await (await list(other)).json()) as { payments: unknown[] }).payments).toEqual([])
  })
})

describe('one order, one charge: a second checkout and a second success', () => {
  const captured = captureLog('info')
  // No sandbox notifications: each payment is recorded by the call the test makes, so the log is read after it.
  const env = useAccountsApp({ seeded: true, log: captured.log, config: { sandboxWebhooks: false } })
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[]) => env.t.db.query<T>(sql, params)
  const checkoutIdOf = async (res: Response) => {
    expect(res.status).toBe(200)
    return ((await res.json()) as { checkoutId: string }).checkoutId
  }
  const paymentsOf = (orderId: number) =>
    q<{ registration: string | null; reconciliation: string; refund_reason: string | null }>(
      'select registration, reconciliation, refund_reason from payments where order_id = $1 order by id',
      [orderId],
    )
  const orderRow = async (id: number) => (await q<{ status: string }>('select status from orders where id = $1', [id]))[0]!.status
  const simsOf = async (orderId: number) => (await q<{ n: number }>('select count(*)::int as n from services where order_id = $1', [orderId]))[0]!.n
  const refundWarnings = () => captured.problems().filter((e) => e.reconciliation === 'refund_due')
  const approve = (url: string) =>
    env.app.request(new URL(url).pathname, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'decision=approve' })

  it('offers the open checkout again to a second request, one after the other or at once, so one order has one payable checkout', async () => {
    const me = await signUp(env.app)
    const order = await unpaidOrder(env.app, me)
    const first = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: order.id } }))
    const again = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: order.id } }))
    expect(again).toBe(first)
    const other = await unpaidOrder(env.app, me)
    const together = await Promise.all([1, 2, 3].map(async () => checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: other.id } }))))
    expect(new Set(together).size).toBe(1)
    const open = await q('select id from checkouts where order_id = any($1::bigint[]) and settled_at is null and voided_at is null order by id', [
      [order.id, other.id],
    ])
    expect(open).toHaveLength(2)
  })

  it('offers the open checkout again when the provider cannot say how it stands, rather than opening a second one', async () => {
    const me = await signUp(env.app)
    const order = await unpaidOrder(env.app, me)
    const first = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: order.id } }))
    const sandbox = cardProviderFor({ kind: 'sandbox' }, env.t.db).provider
    const silent: CardProvider = {
      ...sandbox,
      checkoutPayment: () => Promise.reject(new ProviderUnavailable('payment provider unreachable: timed out')),
    }
    captured.clear()
    const again = await createCardCheckout(env.t.db, silent, sandboxPartner, 'sandbox', me.id, order.id, captured.log)
    expect(again).toMatchObject({ ok: true, checkout: { checkoutId: first } })
    expect(await q('select count(*)::int as n from checkouts where order_id = $1', [order.id])).toEqual([{ n: 1 }])
    expect(captured.problems()).toMatchObject([{ level: 40, checkoutId: first }])
  })

  it('voids a checkout whose payment is under way for a new one; paying the voided one is flagged for refund and credits nothing', async () => {
    const me = await signUp(env.app)
    const order = await unpaidOrder(env.app, me)
    const first = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: order.id } }))
    const challenge = await payWithCard(env.app, first, THREE_DS_CARD)
    // The customer leaves the bank's page and asks again: the first checkout has a payment under way, so it is voided.
    const second = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: order.id } }))
    expect(second).not.toBe(first)
    expect(await q('select voided_at is not null as voided from checkouts where id = $1', [first])).toEqual([{ voided: true }])
    // The old tab approves the challenge after all: the money is taken, the order is not paid by it, and it is owed back.
    captured.clear()
    expect((await approve(challenge)).status).toBe(303)
    expect((await getStatus(env.app, me, first)).status).toBe(200)
    expect(await paymentsOf(order.id)).toEqual([{ registration: first, reconciliation: 'refund_due', refund_reason: 'voided checkout' }])
    expect(await orderRow(order.id)).toBe('Payment not Completed')
    expect(await simsOf(order.id)).toBe(0)
    expect(refundWarnings()).toMatchObject([{ orderId: order.id, checkoutId: first, reason: 'voided checkout' }])
    // The new checkout pays the order once.
    await payWithCard(env.app, second, SUCCESS_CARD)
    expect((await getStatus(env.app, me, second)).status).toBe(200)
    expect((await paymentsOf(order.id)).map((p) => p.reconciliation)).toEqual(['refund_due', 'credited'])
    expect(await orderRow(order.id)).toBe('Queued for delivery')
    expect(await simsOf(order.id)).toBe(1)
  })

  it('answers the status of a payment flagged for refund as such, never as one that paid: paid twice, or paid nothing', async () => {
    const me = await signUp(env.app)
    const statusBody = async (checkoutId: string) => {
      const res = await getStatus(env.app, me, checkoutId)
      expect(res.status).toBe(200)
      return (await res.json()) as { recorded?: string; result: { description: string } }
    }
    // Paid twice: a payment under way on a replaced checkout goes through after the new checkout paid the order.
    const paidTwice = await unpaidOrder(env.app, me)
    const first = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: paidTwice.id } }))
    const challenge = await payWithCard(env.app, first, THREE_DS_CARD)
    const second = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: paidTwice.id } }))
    await payWithCard(env.app, second, SUCCESS_CARD)
    expect(await statusBody(second)).toMatchObject({ recorded: 'paid' })
    expect((await approve(challenge)).status).toBe(303)
    // Asked twice: the first answer records it, the second finds it recorded; both say the same.
    for (const _ of [1, 2]) expect(await statusBody(first)).toMatchObject({ recorded: 'paid_twice', result: { description: 'Transaction succeeded' } })
    expect((await paymentsOf(paidTwice.id)).map((p) => p.reconciliation)).toEqual(['credited', 'refund_due'])
    expect(await simsOf(paidTwice.id)).toBe(1)

    // Paid nothing: the replaced checkout's payment goes through before the order is paid at all.
    const unpaid = await unpaidOrder(env.app, me)
    const old = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: unpaid.id } }))
    const bank = await payWithCard(env.app, old, THREE_DS_CARD)
    await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: unpaid.id } }))
    expect((await approve(bank)).status).toBe(303)
    for (const _ of [1, 2]) expect(await statusBody(old)).toMatchObject({ recorded: 'refund_due' })
    expect(await orderRow(unpaid.id)).toBe('Payment not Completed')
    expect(await simsOf(unpaid.id)).toBe(0)
  })

  it('saves a second success for a paid order as refund_due with a warning: one credit, one SIM, one payment on the bill', async () => {
    const me = await signUp(env.app)
    const order = await unpaidOrder(env.app, me)
    const checkoutId = await checkoutIdOf(await postCheckout(env.app, me, { payment: { orderId: order.id } }))
    await payWithCard(env.app, checkoutId, SUCCESS_CARD)
    expect((await getStatus(env.app, me, checkoutId)).status).toBe(200)
    // A Google Pay charge of the same order that went through at the provider too (another tab): reported by a webhook or the worker.
    captured.clear()
    const wallet = {
      id: 'second-success-wallet-0001',
      paymentBrand: 'GOOGLEPAY',
      merchantTransactionId: order.number,
      result: { code: '000.000.000', description: 'Transaction succeeded' },
    }
    expect(await recordReportedPayment(env.t.db, sandboxPartner, 'sandbox', wallet, captured.log)).toBe('refund_due')
    expect(await recordReportedPayment(env.t.db, sandboxPartner, 'sandbox', wallet, captured.log)).toBe('known')
    expect(await paymentsOf(order.id)).toEqual([
      { registration: checkoutId, reconciliation: 'credited', refund_reason: null },
      { registration: null, reconciliation: 'refund_due', refund_reason: 'already paid' },
    ])
    expect(refundWarnings()).toHaveLength(1)
    expect(refundWarnings()[0]).toMatchObject({ level: 40, orderId: order.id, paymentId: 'second-success-wallet-0001', reason: 'already paid' })
    expect(await simsOf(order.id)).toBe(1)
    const bill = (await billingOf(env.app, me)).filter((row) => row.order_id === order.id)
    expect(bill.filter((row) => row.type === 'Payment')).toHaveLength(1)
  })
})
