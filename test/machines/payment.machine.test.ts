import { describe, expect, it } from 'vitest'
import { apiError, checkout, payment, paymentData, readyToPay, statusOf, unpaidOrder, walletAnswer } from './paymentHarness.ts'
import { flush } from './settling.ts'

const paidOrder = { ...unpaidOrder, status: 'Queued for delivery' }

describe('payment machine: opening the order', () => {
  it('loads the order named by the page and is ready to pay an unpaid one', async () => {
    const p = payment({ stage: 'order', orderId: '42', online: true })
    expect(p.state()).toBe('loadingOrder')
    expect(p.loadOrder.calls).toEqual([{ orderId: '42' }])
    await p.loadOrder.resolve({ order: unpaidOrder, cached: false })
    expect(p.state()).toBe('ready')
    expect(p.context().order).toEqual(unpaidOrder)
  })

  it('says payment needs a connection when the order only came from the device', async () => {
    const p = payment({ stage: 'order', orderId: '42', online: false })
    await p.loadOrder.resolve({ order: unpaidOrder, cached: true })
    expect(p.state()).toBe('offline')
    expect(p.context().order).toEqual(unpaidOrder)
    expect(p.context().online).toBe(false)
  })

  it('is ready again once the connection returns, after asking the server for the order', async () => {
    const p = payment({ stage: 'order', orderId: '42', online: false })
    await p.loadOrder.resolve({ order: unpaidOrder, cached: true })
    p.send({ type: 'payment.connection.restored' })
    expect(p.state()).toBe('loadingOrder')
    await p.loadOrder.resolve({ order: unpaidOrder, cached: false })
    expect(p.state()).toBe('ready')
    expect(p.context().online).toBe(true)
  })

  it('offers no payment for an order that is already paid', async () => {
    const p = payment({ stage: 'order', orderId: '42', online: true })
    await p.loadOrder.resolve({ order: paidOrder, cached: false })
    expect(p.state()).toBe('unpayable')
    expect(p.context().order?.status).toBe('Queued for delivery')
  })

  it.each([
    [403, 'You can only view your own orders.'],
    [404, 'Order not found.'],
  ])('offers no payment when the server answers %i', async (status, message) => {
    const p = payment({ stage: 'order', orderId: '42', online: true })
    await p.loadOrder.reject(apiError(message, status))
    expect(p.state()).toBe('unpayable')
    expect(p.context().failure).toEqual({ message, status })
  })

  it('offers a retry when the order could not be loaded at all', async () => {
    const p = payment({ stage: 'order', orderId: '42', online: true })
    await p.loadOrder.reject(apiError('fetch failed'))
    expect(p.state()).toBe('loadFailed')
    p.send({ type: 'payment.retry' })
    expect(p.state()).toBe('loadingOrder')
    expect(p.context().failure).toBeNull()
    await p.loadOrder.resolve({ order: unpaidOrder, cached: false })
    expect(p.state()).toBe('ready')
  })

  it('retries loading by itself when the connection returns', async () => {
    const p = payment({ stage: 'order', orderId: '42', online: true })
    await p.loadOrder.reject(apiError('fetch failed'))
    p.send({ type: 'payment.connection.restored' })
    expect(p.state()).toBe('loadingOrder')
    expect(p.loadOrder.calls).toHaveLength(2)
  })

  it('disables paying when the connection drops on the ready page', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.connection.lost' })
    expect(p.state()).toBe('offline')
    p.send({ type: 'payment.card.start' })
    p.send({ type: 'payment.wallet.start' })
    expect(p.state()).toBe('offline')
    expect(p.createCheckout.calls).toHaveLength(0)
  })

  it('forgets an error from before the connection dropped once the order is loaded again', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.card.start' })
    await p.createCheckout.reject(apiError('fetch failed'))
    expect(p.context().failure?.message).toBe('fetch failed')
    p.send({ type: 'payment.connection.lost' })
    p.send({ type: 'payment.connection.restored' })
    await p.loadOrder.resolve({ order: unpaidOrder, cached: false })
    expect(p.state()).toBe('ready')
    expect(p.context().failure).toBeNull()
  })
})

describe('payment machine: card', () => {
  it('creates the checkout, remembers it and opens the widget', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.card.start' })
    expect(p.matches({ card: 'creatingCheckout' })).toBe(true)
    expect(p.createCheckout.calls).toEqual([{ orderId: 42 }])
    await p.createCheckout.resolve(checkout)
    // The widget page takes the checkout over with its own machine.
    expect(p.matches({ card: 'widget' })).toBe(true)
    expect(p.context().checkout).toEqual(checkout)
    expect(p.effects).toEqual([`rememberCheckout ${checkout.checkoutId}`, `openWidget ${checkout.checkoutId}`])
  })

  it('keeps the page ready with the server error when the checkout cannot be created', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.card.start' })
    await p.createCheckout.reject(apiError('The payment provider could not be reached. Please try again.', 502))
    expect(p.state()).toBe('ready')
    expect(p.context().failure?.message).toBe('The payment provider could not be reached. Please try again.')
    p.send({ type: 'payment.card.start' })
    expect(p.context().failure).toBeNull()
    expect(p.createCheckout.calls).toHaveLength(2)
  })

  it('stops when the server says the order can no longer be paid', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.card.start' })
    await p.createCheckout.reject(apiError('This order is already paid.', 409))
    expect(p.state()).toBe('unpayable')
  })

  it('shows the widget of a checkout this device created, after a reload', async () => {
    const p = payment({ stage: 'widget', checkoutId: checkout.checkoutId, online: true })
    await flush()
    expect(p.matches({ card: { widget: 'loadingScript' } })).toBe(true)
    expect(p.context().checkout).toEqual(checkout)
    p.send({ type: 'payment.widget.loaded' })
    expect(p.matches({ card: { widget: 'shown' } })).toBe(true)
  })

  it('says so when the checkout is unknown on this device', async () => {
    const p = payment({ stage: 'widget', checkoutId: 'UNKNOWN123.sandbox01', online: true })
    await flush()
    expect(p.matches({ card: 'unknownCheckout' })).toBe(true)
  })

  it('reports a widget script that will not load and retries it', async () => {
    const p = payment({ stage: 'widget', checkoutId: checkout.checkoutId, online: true })
    await flush()
    p.send({ type: 'payment.widget.failed', message: 'Unable to load script' })
    expect(p.matches({ card: { widget: 'scriptFailed' } })).toBe(true)
    expect(p.context().failure?.message).toBe('Unable to load script')
    expect(p.effects).toEqual(['reportError Unable to load script'])
    p.send({ type: 'payment.widget.retry' })
    expect(p.matches({ card: { widget: 'loadingScript' } })).toBe(true)
    expect(p.context().failure).toBeNull()
  })

  it.each([
    [200, '000.100.110', 'successful'],
    [205, '000.200.000', 'pending'],
    [400, '800.100.151', 'failed'],
  ] as const)('on the status page, answer %i (%s) ends %s', async (status, code, end) => {
    const p = payment({ stage: 'status', checkoutId: checkout.checkoutId, online: true })
    expect(p.matches({ card: 'awaitingResult' })).toBe(true)
    expect(p.fetchStatus.calls).toEqual([{ checkoutId: checkout.checkoutId }])
    await p.fetchStatus.resolve(statusOf(status, code, 'the provider says'))
    expect(p.matches({ card: end })).toBe(true)
    expect(p.context().result).toEqual({ code, description: 'the provider says' })
    expect(p.context().resultOrderId).toBe(42)
    expect(p.effects[0]).toBe(`rememberResult card ${status} ${code}`)
    expect(p.effects.includes('refreshOrder 42')).toBe(end === 'successful')
  })

  it.each([
    ['paid_twice', 'paidTwice', ['rememberResult card 200 000.000.000', 'refreshOrder 42']],
    ['refund_due', 'refundDue', ['rememberResult card 200 000.000.000']],
  ] as const)('never ends successful when the server recorded the success as owed back (%s): it ends %s', async (recorded, end, effects) => {
    const p = payment({ stage: 'status', checkoutId: checkout.checkoutId, online: true })
    await p.fetchStatus.resolve({ ...statusOf(200, '000.000.000', 'Transaction succeeded'), recorded })
    expect(p.matches({ card: 'successful' })).toBe(false)
    expect(p.matches({ card: end })).toBe(true)
    expect(p.context().resultOrderId).toBe(42)
    expect(p.effects).toEqual(effects)
  })

  it('ends successful when the server recorded that the payment paid the order', async () => {
    const p = payment({ stage: 'status', checkoutId: checkout.checkoutId, online: true })
    await p.fetchStatus.resolve({ ...statusOf(200, '000.000.000', 'Transaction succeeded'), recorded: 'paid' })
    expect(p.matches({ card: 'successful' })).toBe(true)
  })

  it('checks a pending payment again until it succeeds', async () => {
    const p = payment({ stage: 'status', checkoutId: checkout.checkoutId, online: true })
    await p.fetchStatus.resolve(statusOf(205, '000.200.000', 'transaction pending'))
    p.send({ type: 'payment.status.check' })
    expect(p.matches({ card: 'awaitingResult' })).toBe(true)
    await p.fetchStatus.resolve(statusOf(200, '000.000.000', 'Transaction succeeded'))
    expect(p.matches({ card: 'successful' })).toBe(true)
    expect(p.fetchStatus.calls).toHaveLength(2)
  })

  it('says the result needs a connection and asks again when it returns', async () => {
    const p = payment({ stage: 'status', checkoutId: checkout.checkoutId, online: true })
    p.send({ type: 'payment.connection.lost' })
    await p.fetchStatus.reject(apiError('fetch failed'))
    expect(p.matches({ card: 'statusUnavailable' })).toBe(true)
    expect(p.context().online).toBe(false)
    p.send({ type: 'payment.connection.restored' })
    expect(p.matches({ card: 'awaitingResult' })).toBe(true)
    await p.fetchStatus.reject(apiError('Internal server error', 500))
    p.send({ type: 'payment.status.check' })
    expect(p.fetchStatus.calls).toHaveLength(3)
  })

  it("refuses another customer's checkout", async () => {
    const p = payment({ stage: 'status', checkoutId: checkout.checkoutId, online: true })
    await p.fetchStatus.reject(apiError('You can only see your own payments.', 403))
    expect(p.state()).toBe('unpayable')
  })
})

/** The Idempotency-Key the payment page makes when Google Pay authorises. */
const WALLET_KEY = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

describe('payment machine: Google Pay', () => {
  it('authorises, pays with the key the authorisation carries and announces success', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    expect(p.matches({ wallet: 'authorising' })).toBe(true)
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    expect(p.matches({ wallet: 'paying' })).toBe(true)
    const [charge] = p.payWithWallet.calls
    expect(charge).toMatchObject({ orderId: 42, total: 299, paymentData, key: WALLET_KEY })
    await p.payWithWallet.resolve(walletAnswer(200, '000.100.110', 'ok'))
    expect(p.matches({ wallet: 'successful' })).toBe(true)
    expect(p.effects).toEqual(['rememberResult wallet 200 000.100.110', 'refreshOrder 42', 'announcePaid 42'])
  })

  it.each([
    ['paid_twice', 'paidTwice', ['rememberResult wallet 200 000.100.110', 'refreshOrder 42']],
    ['refund_due', 'refundDue', ['rememberResult wallet 200 000.100.110']],
  ] as const)('never announces success when the server recorded the charge as owed back (%s): it ends %s', async (recorded, end, effects) => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.resolve({ ...walletAnswer(200, '000.100.110', 'ok'), recorded })
    expect(p.matches({ wallet: 'successful' })).toBe(false)
    expect(p.matches({ wallet: end })).toBe(true)
    expect(p.context().resultOrderId).toBe(42)
    expect(p.effects).toEqual(effects)
  })

  it('announces success when the server recorded that the charge paid the order', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.resolve({ ...walletAnswer(200, '000.100.110', 'ok'), recorded: 'paid' })
    expect(p.matches({ wallet: 'successful' })).toBe(true)
    expect(p.effects).toEqual(['rememberResult wallet 200 000.100.110', 'refreshOrder 42', 'announcePaid 42'])
  })

  it("pays each authorisation with its own key (a second one is a new payment, not the first one's retry)", async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.resolve(walletAnswer(400, '800.100.151', 'transaction declined (invalid card)'))
    p.send({ type: 'payment.wallet.start' })
    const second = '0f8fad5b-d9cb-469f-a165-70867728950e'
    p.send({ type: 'payment.wallet.authorised', paymentData, key: second })
    expect(p.payWithWallet.calls.map((call) => call.key)).toEqual([WALLET_KEY, second])
  })

  it('announces a declined payment and lets the customer try again either way', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.resolve(walletAnswer(400, '800.100.151', 'transaction declined (invalid card)'))
    expect(p.matches({ wallet: 'failed' })).toBe(true)
    expect(p.effects).toEqual(['rememberResult wallet 400 800.100.151', 'announceFailed'])
    p.send({ type: 'payment.card.start' })
    expect(p.matches({ card: 'creatingCheckout' })).toBe(true)
  })

  it('shows why a new attempt failed, not how the one before it was declined', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.resolve(walletAnswer(400, '800.100.151', 'transaction declined (invalid card)'))
    p.send({ type: 'payment.wallet.start' })
    expect(p.context().result).toBeNull()
    p.send({ type: 'payment.wallet.failed', message: 'Google Pay is unavailable' })
    expect(p.matches({ wallet: 'failed' })).toBe(true)
    expect(p.context()).toMatchObject({ result: null, resultOrderId: null, failure: { message: 'Google Pay is unavailable' } })
  })

  it('fails with the reason when the payment call fails', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.reject(apiError('The payment provider could not be reached. Please try again.', 502))
    expect(p.matches({ wallet: 'failed' })).toBe(true)
    expect(p.context().failure?.status).toBe(502)
    expect(p.effects).toEqual(['announceFailed'])
  })

  it('stops when the server says the order was paid meanwhile', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.authorised', paymentData, key: WALLET_KEY })
    await p.payWithWallet.reject(apiError('This order is already paid.', 409))
    expect(p.state()).toBe('unpayable')
  })

  it('goes back to choosing after a cancelled sheet', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.cancelled' })
    expect(p.matches({ wallet: 'cancelled' })).toBe(true)
    expect(p.payWithWallet.calls).toHaveLength(0)
    p.send({ type: 'payment.wallet.start' })
    expect(p.matches({ wallet: 'authorising' })).toBe(true)
  })

  it('fails when Google Pay itself reports an error', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.wallet.failed', message: 'Unable to load script https://pay.google.com/gp/p/js/pay.js' })
    expect(p.matches({ wallet: 'failed' })).toBe(true)
    expect(p.effects).toEqual(['announceFailed'])
  })

  it('disables paying when the connection drops while the sheet is open', async () => {
    const p = await readyToPay()
    p.send({ type: 'payment.wallet.start' })
    p.send({ type: 'payment.connection.lost' })
    expect(p.state()).toBe('offline')
  })
})
