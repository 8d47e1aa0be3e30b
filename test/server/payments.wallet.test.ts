import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { countPayments } from '../../server/payments/recordPayment.ts'
import { signUp, useAccountsApp } from './support/accounts.ts'
import { postWallet, unpaidOrder, walletBody } from './support/payments.ts'

type Me = Awaited<ReturnType<typeof signUp>>

describe('POST /api/v8/partner/billing/payment/ (Google Pay)', () => {
  const env = useAccountsApp({ seeded: true })
  let me: Me

  beforeEach(async () => {
    me = await signUp(env.app)
  })

  const statusOf = async (id: number) => (await env.t.db.query<{ status: string }>('select status from orders where id = $1', [id]))[0]!.status

  it('charges the token through the provider, records the payment once and moves the order', async () => {
    const order = await unpaidOrder(env.app, me)
    const res = await postWallet(env.app, me, walletBody(me, order))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 200,
      result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
      order_id: order.id,
      order_number: order.number,
      payment_id: expect.any(String),
    })
    expect(await countPayments(env.t.db, order.id)).toBe(1)
    expect(await statusOf(order.id)).toBe('Queued for delivery')
    const [record] = await env.t.db.query<Record<string, unknown>>(
      'select method, registration, amount, brand, lastfour, status from payments where order_id = $1',
      [order.id],
    )
    expect(record).toEqual({ method: 'wallet', registration: null, amount: 299, brand: 'GOOGLEPAY', lastfour: '1111', status: 'success' })
  })

  it('answers a retried request with the stored answer and pays once', async () => {
    const order = await unpaidOrder(env.app, me)
    const key = randomUUID()
    const body = walletBody(me, order)
    const first = await postWallet(env.app, me, body, key)
    const again = await postWallet(env.app, me, body, key)
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    expect(await countPayments(env.t.db, order.id)).toBe(1)
    const other = await postWallet(env.app, me, { ...body, paymentData: walletBody(me, order, 'decline').paymentData }, key)
    expect(other.status).toBe(422)
  })

  it('refuses a second payment of a paid order with a new key (409) and charges nothing', async () => {
    const order = await unpaidOrder(env.app, me)
    await postWallet(env.app, me, walletBody(me, order))
    const second = await postWallet(env.app, me, walletBody(me, order))
    expect(second.status).toBe(409)
    expect(await second.json()).toEqual({ error: 'This order is already paid.' })
    expect(await countPayments(env.t.db, order.id)).toBe(1)
  })

  it('answers 400 with the provider result for a declined token and leaves the order unpaid', async () => {
    const order = await unpaidOrder(env.app, me)
    const res = await postWallet(env.app, me, walletBody(me, order, 'decline'))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      status: 400,
      result: { code: '800.100.151', description: 'transaction declined (invalid card)' },
      order_id: order.id,
    })
    expect(await countPayments(env.t.db, order.id)).toBe(0)
    expect(await statusOf(order.id)).toBe('Payment not Completed')
  })

  it('checks the amount against the order (422) and needs ten decimals (400)', async () => {
    const order = await unpaidOrder(env.app, me)
    const cheaper = walletBody(me, { ...order, total_price: 1 })
    expect((await postWallet(env.app, me, cheaper)).status).toBe(422)
    const twoDecimals = walletBody(me, order)
    twoDecimals.payment.amount = order.total_price.toFixed(2)
    expect((await postWallet(env.app, me, twoDecimals)).status).toBe(400)
    expect(await countPayments(env.t.db, order.id)).toBe(0)
  })

  it("refuses another customer's order (403), paying for someone else (403), and a missing key (400)", async () => {
    const order = await unpaidOrder(env.app, me)
    const other = await signUp(env.app)
    expect((await postWallet(env.app, other, walletBody(other, order))).status).toBe(403)
    expect((await postWallet(env.app, other, walletBody(me, order))).status).toBe(403)
    expect((await postWallet(env.app, me, walletBody(me, order), null)).status).toBe(400)
    expect((await postWallet(env.app, me, walletBody(me, order), 'not-a-uuid')).status).toBe(400)
    expect(await countPayments(env.t.db, order.id)).toBe(0)
  })
})
