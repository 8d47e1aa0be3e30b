import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { openNotification, paymentWebhookPath, sealNotification } from '../../../server/payments/notifications.ts'
import { countPayments } from '../../../server/payments/recordPayment.ts'
import { accountsApp, useAccountsApp } from '../helpers/accounts.ts'
import { getStatus, openCheckout, payWithCard, postWallet, REJECTED_CARD, SUCCESS_CARD, THREE_DS_CARD, unpaidOrder, walletBody } from '../helpers/payments.ts'

describe('payment notifications: decryption', () => {
  it('opens the provider documentation example (key, IV, tag and body in hex) to its JSON', () => {
    const key = Buffer.from('000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f', 'hex')
    const opened = openNotification(key, {
      body: '0A3471C72D9BE49A8520F79C66BBD9A12FF9',
      iv: '000000000000000000000000',
      tag: 'CE573FB7A41AB78E743180DC83FF09BD',
    })
    expect(opened).toBe('{"type":"PAYMENT"}')
  })

  it('refuses an altered tag, body or IV, another key, and what is not hex', () => {
    const key = randomBytes(32)
    const sealed = sealNotification(key, { type: 'PAYMENT', payload: { id: 'x' } })
    expect(JSON.parse(openNotification(key, sealed) ?? '')).toEqual({ type: 'PAYMENT', payload: { id: 'x' } })
    const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`
    expect(openNotification(key, { ...sealed, tag: flip(sealed.tag) })).toBeUndefined()
    expect(openNotification(key, { ...sealed, body: flip(sealed.body) })).toBeUndefined()
    expect(openNotification(key, { ...sealed, iv: flip(sealed.iv) })).toBeUndefined()
    expect(openNotification(randomBytes(32), sealed)).toBeUndefined()
    expect(openNotification(key, { ...sealed, body: 'not hex' })).toBeUndefined()
    expect(openNotification(key, { ...sealed, tag: undefined })).toBeUndefined()
    expect(openNotification(key, { ...sealed, tag: sealed.tag.slice(0, 16) })).toBeUndefined()
  })
})

describe('POST /api/payments/webhook', () => {
  const keyHex = randomBytes(32).toString('hex')
  const key = Buffer.from(keyHex, 'hex')
  // The sandbox's own notifications are off here: each test sends the provider's by hand.
  const env = useAccountsApp({ seeded: true, customer: true, config: { paymentWebhookKey: keyHex, sandboxWebhooks: false } })

  const send = (body: string, iv: string, tag: string) =>
    env.app.request(paymentWebhookPath, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': iv, 'X-Authentication-Tag': tag },
      body,
    })
  const notify = (payload: unknown, with_ = key) => {
    const sealed = sealNotification(with_, { type: 'PAYMENT', payload })
    return { sealed, res: send(sealed.body, sealed.iv, sealed.tag) }
  }

  /** A checkout paid in the sandbox whose browser never asked how it went, and the provider's payment for it. */
  async function paidCheckout() {
    const { order, checkoutId } = await openCheckout(env.app, env.me, SUCCESS_CARD)
    const payment = {
      id: randomBytes(16).toString('hex'),
      paymentType: 'DB',
      paymentBrand: 'VISA',
      amount: order.total_price.toFixed(2),
      currency: 'ZAR',
      merchantTransactionId: order.number,
      ndc: checkoutId,
      result: { code: '000.000.000', description: 'Transaction succeeded' },
      card: { bin: '420000', last4Digits: '0000', holder: 'Thandi Nkosi', expiryMonth: '12', expiryYear: '2030' },
    }
    return { order, checkoutId, payment }
  }

  it('records a successful card payment once, however often the provider sends it', async () => {
    const { order, payment } = await paidCheckout()
    const first = notify(payment)
    expect((await first.res).status).toBe(200)
    expect(await (await first.res).json()).toEqual({ received: true, outcome: 'recorded' })
    expect(await countPayments(env.t.db, order.id)).toBe(1)
    // The provider repeats a notification it thinks was lost: the same bytes again.
    const replayed = await send(first.sealed.body, first.sealed.iv, first.sealed.tag)
    expect(replayed.status).toBe(200)
    expect(await replayed.json()).toEqual({ received: true, outcome: 'known' })
    expect(await countPayments(env.t.db, order.id)).toBe(1)
    const [row] = await env.t.db.query<{ status: string }>('select status from orders where id = $1', [order.id])
    expect(row?.status).toBe('Queued for delivery')
  })

  it('records nothing twice when the notification comes after the browser asked', async () => {
    const { order, checkoutId, payment } = await paidCheckout()
    expect((await getStatus(env.app, env.me, checkoutId)).status).toBe(200)
    const { res } = notify(payment)
    expect(await (await res).json()).toEqual({ received: true, outcome: 'known' })
    expect(await countPayments(env.t.db, order.id)).toBe(1)
  })

  it('refuses a notification with a tampered tag or from another key (401) and records nothing', async () => {
    const { order, payment } = await paidCheckout()
    const sealed = sealNotification(key, { type: 'PAYMENT', payload: payment })
    const flipped = sealed.tag.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))
    const tampered = await send(sealed.body, sealed.iv, flipped)
    expect(tampered.status).toBe(401)
    const forged = notify(payment, randomBytes(32))
    expect((await forged.res).status).toBe(401)
    expect((await send('', '', '')).status).toBe(401)
    expect(await countPayments(env.t.db, order.id)).toBe(0)
  })

  it('acknowledges what it does not record: a failed payment, an unknown order, another type; 400 for a payment it cannot read', async () => {
    const { order, payment } = await paidCheckout()
    expect(
      await (await notify({ ...payment, result: { code: '800.100.152', description: 'transaction declined by authorization system' } }).res).json(),
    ).toEqual({ received: true, outcome: 'unpaid' })
    expect(await (await notify({ ...payment, merchantTransactionId: 'SO-999999999' }).res).json()).toEqual({ received: true, outcome: 'unknown' })
    const registration = sealNotification(key, { type: 'REGISTRATION', action: 'CREATED', payload: { id: 'r1' } })
    expect(await (await send(registration.body, registration.iv, registration.tag)).json()).toEqual({ received: true, outcome: 'ignored' })
    const unreadable = sealNotification(key, { type: 'PAYMENT', payload: { id: 'p1' } })
    expect((await send(unreadable.body, unreadable.iv, unreadable.tag)).status).toBe(400)
    expect(await countPayments(env.t.db, order.id)).toBe(0)
  })

  it('is not served without a key (a real provider with no PAYMENT_WEBHOOK_KEY)', async () => {
    const provider = { kind: 'provider' as const, baseUrl: 'http://127.0.0.1:9', entityId: 'e', accessToken: 't' }
    const withoutKey = accountsApp(env.t.db, { payments: provider })
    const sealed = sealNotification(key, { type: 'PAYMENT', payload: {} })
    const res = await withoutKey.request(paymentWebhookPath, {
      method: 'POST',
      headers: { 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body: sealed.body,
    })
    expect(res.status).not.toBe(200)
  })
})

describe('the sandbox provider notifies the server of each payment, encrypted, as the real one does', () => {
  const env = useAccountsApp({ seeded: true, customer: true })

  const checkout = () => openCheckout(env.app, env.me)

  it('records a card payment whose browser never came back', async () => {
    const { order, checkoutId } = await checkout()
    await payWithCard(env.app, checkoutId, SUCCESS_CARD)
    await vi.waitFor(async () => expect(await countPayments(env.t.db, order.id)).toBe(1), { timeout: 5_000 })
    // The browser that does come back finds it paid, and nothing is recorded twice.
    expect((await getStatus(env.app, env.me, checkoutId)).status).toBe(200)
    expect(await countPayments(env.t.db, order.id)).toBe(1)
  })

  it('notifies when the bank challenge is approved, and records nothing for a rejected card', async () => {
    const challenged = await checkout()
    const page = new URL(await payWithCard(env.app, challenged.checkoutId, THREE_DS_CARD))
    expect(await countPayments(env.t.db, challenged.order.id)).toBe(0)
    await env.app.request(page.pathname, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'decision=approve' })
    await vi.waitFor(async () => expect(await countPayments(env.t.db, challenged.order.id)).toBe(1), { timeout: 5_000 })

    const rejected = await checkout()
    await payWithCard(env.app, rejected.checkoutId, REJECTED_CARD)
    await new Promise((done) => setTimeout(done, 200))
    expect(await countPayments(env.t.db, rejected.order.id)).toBe(0)
  })

  it('records a wallet payment once: by the call and by its notification', async () => {
    const order = await unpaidOrder(env.app, env.me)
    expect((await postWallet(env.app, env.me, walletBody(env.me, order))).status).toBe(200)
    await new Promise((done) => setTimeout(done, 200))
    expect(await countPayments(env.t.db, order.id)).toBe(1)
  })
})
