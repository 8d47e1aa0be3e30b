import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { cardProviderFor } from '../../../server/payments/cardProviderFor.ts'
import type { CardProvider } from '../../../server/payments/provider.ts'
import { countPayments } from '../../../server/payments/recordPayment.ts'
import { seed } from '../../../server/seed/seed.ts'
import { apiKey, signUp, testScryptN, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { getStatus, payWithCard, postCheckout, postWallet, SUCCESS_CARD, unpaidOrder, walletBody } from '../helpers/payments.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

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
      recorded: 'paid',
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

describe('a Google Pay charge that goes through after the order was paid by card in another tab', () => {
  let t: TestDb
  let app: TestApp
  /** Runs while the wallet call is in flight: after the order was found payable, before the provider charges the token. */
  let whileCharging: (() => Promise<void>) | undefined
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    // The sandbox, without its notifications, so each payment is recorded by the call that took it.
    const sandbox = cardProviderFor({ kind: 'sandbox' }, t.db, { sandboxWebhooks: false })
    const provider: CardProvider = {
      ...sandbox.provider,
      chargeWallet: async (charge) => {
        await whileCharging?.()
        return sandbox.provider.chargeWallet(charge)
      },
    }
    app = createApp({ db: t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true, sandboxWebhooks: false }, cardPayments: { ...sandbox, provider } })
  }, startupTimeout)
  afterAll(() => t.drop())

  const q = <T>(sql: string, params: unknown[]) => t.db.query<T>(sql, params)

  it('answers 200 with recorded paid_twice, never as a payment that paid: one credit, one SIM, the charge flagged for refund', async () => {
    const me = await signUp(app)
    const order = await unpaidOrder(app, me)
    whileCharging = async () => {
      whileCharging = undefined
      const created = await postCheckout(app, me, { payment: { orderId: order.id } })
      const { checkoutId } = (await created.json()) as { checkoutId: string }
      await payWithCard(app, checkoutId, SUCCESS_CARD)
      expect(await (await getStatus(app, me, checkoutId)).json()).toMatchObject({ status: 200, recorded: 'paid' })
    }
    const key = randomUUID()
    const res = await postWallet(app, me, walletBody(me, order), key)
    expect(whileCharging).toBeUndefined()
    expect(res.status).toBe(200)
    const body = (await res.json()) as { payment_id: string }
    expect(body).toMatchObject({ status: 200, order_id: order.id, order_number: order.number, recorded: 'paid_twice' })
    // The retry of the same request is answered the same.
    const again = await postWallet(app, me, walletBody(me, order), key)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(body)
    const records = await q<{ method: string; transaction_id: string; reconciliation: string; refund_reason: string | null }>(
      'select method, transaction_id, reconciliation, refund_reason from payments where order_id = $1 order by id',
      [order.id],
    )
    expect(records).toEqual([
      { method: 'card', transaction_id: expect.any(String), reconciliation: 'credited', refund_reason: null },
      { method: 'wallet', transaction_id: body.payment_id, reconciliation: 'refund_due', refund_reason: 'already paid' },
    ])
    const [sims] = await q<{ n: number }>('select count(*)::int as n from services where order_id = $1', [order.id])
    expect(sims?.n).toBe(1)
  })
})
