import { randomBytes, randomUUID } from 'node:crypto'
import type { Address } from '../../src/domain/account.ts'
import { defined } from '../../src/domain/defined.ts'
import { DELIVERY_DEFAULTS } from '../../src/domain/order.ts'
import type { CreateOrderRequest } from '../../src/domain/order.ts'
import { cardAmount, PAYMENT_CURRENCY } from '../../src/domain/payment.ts'
import type { Partner } from '../orders/partner.ts'
import type { Queryable } from '../db/types.ts'
import { insertOrder, priceLines } from '../orders/placeOrder.ts'
import { recordPayment } from '../payments/recordPayment.ts'
import type { ProviderPayment } from '../payments/provider.ts'
import type { Reading } from '../sandbox/network/reading.ts'
import { BUNDLE_DAYS, daysAfter, STARTER_BUNDLE } from '../sandbox/network/starterBalances.ts'
import type { MonthlyUsage, PrepaidBalances } from '../sandbox/network/starterBalances.ts'

/**
 * The demo customer's past: a monthly 5G SIM paid by card two months ago and now active, a prepaid SIM paid with
 * Google Pay twelve days ago and topped up since, and an order from yesterday still waiting for payment. Written
 * through the same order and payment code a real customer goes through, then dated back; the SIMs' numbers, balances
 * and usage are the sandbox network's, given through its events (demoSims.ts).
 */

export interface DemoHistory {
  customerId: number
  address: Address
  partner: Partner
  now: Date
}

/** A demo SIM's life on the sandbox network: when each step happened, and what it reads now. */
export interface DemoSim {
  orderId: number
  dispatchedAt: Date
  verifiedAt: Date
  activatedAt: Date
  reading: Reading
  readAt: Date
  /** What each bundle granted, where more than the SIM holds now (the bundle it started with, partly used). */
  granted?: Record<string, number>
  trackingReference: string
}

const MONTHLY_PRODUCT = 6 // 5G Uncapped 100Mbps
const PREPAID_PRODUCT = 9 // 4G Prepaid 30-Day
const UNPAID_PRODUCT = 2 // 4G Uncapped 20Mbps
const SUCCESS = { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" }

const minutes = (n: number) => n * 60_000
const days = (n: number) => n * 86_400_000
const before = (now: Date, ms: number) => new Date(now.getTime() - ms)

/** This month on an uncapped 5G line at home: 148.25 GB, most of it at peak, 151.75 GB left under the 300 GB limit. */
const monthlyUsage: MonthlyUsage = {
  total_usage: 148_250_000_000,
  peak_usage: 96_400_000_000,
  offpeak_usage: 51_850_000_000,
  spend_limit_available: 151_750_000_000,
}

/** Twelve days into the 30-day bundle, with a top-up bought four days ago and R35.50 loaded in the wallet. */
function prepaidBalances(activated: Date, toppedUp: Date): PrepaidBalances {
  const bundle = { expiry: daysAfter(activated, BUNDLE_DAYS) }
  const topUp = { expiry: daysAfter(toppedUp, BUNDLE_DAYS) }
  return {
    available_balance: 35.5,
    data_available_volume: 250_000_000,
    additional_balances: [
      { voice_sub: { available: 42 * 60, meta: bundle } },
      { data_sub: { available: 1_370_000_000, meta: bundle } },
      { sms_sub: { available: 87, meta: bundle } },
      { voice0: { available: 30 * 60, meta: topUp } },
      { data0: { available: 1_000_000_000, meta: topUp } },
      { sms0: { available: 50, meta: topUp } },
    ],
  }
}

/**
 * Writes the orders and payments (the paid ones provisioning their SIMs, still to be delivered) and says how each SIM
 * came to life, for activateDemoSims to play through the sandbox network once this transaction is committed.
 */
export async function writeDemoHistory(tx: Queryable, h: DemoHistory): Promise<DemoSim[]> {
  const monthly = await placeOrder(tx, h, MONTHLY_PRODUCT, 'Home Wi-Fi', before(h.now, days(62)))
  await pay(tx, h, monthly, 'card', before(h.now, days(62) - minutes(7)))
  const monthlyActivated = before(h.now, days(60))
  // Delivered and switched on since: an "Active" order looks approved.
  await tx.query("update orders set status = 'Active' where id = $1", [monthly.id])
  await tx.query("update order_lines set status = 'Active' where order_id = $1", [monthly.id])
  await tx.query('update services set activation_date = $2 where order_id = $1', [monthly.id, monthlyActivated])

  const prepaid = await placeOrder(tx, h, PREPAID_PRODUCT, "Lindiwe's phone", before(h.now, days(12)))
  const paidAt = before(h.now, days(12) - minutes(3))
  await pay(tx, h, prepaid, 'wallet', paidAt)
  await tx.query('update services set activation_date = $2 where order_id = $1', [prepaid.id, paidAt])

  await placeOrder(tx, h, UNPAID_PRODUCT, 'Office router', before(h.now, days(1)))

  return [
    {
      orderId: monthly.id,
      dispatchedAt: before(monthlyActivated, days(1)),
      verifiedAt: before(monthlyActivated, minutes(10)),
      activatedAt: monthlyActivated,
      reading: { usage: monthlyUsage },
      readAt: before(h.now, minutes(95)),
      trackingReference: 'SBX40210337',
    },
    {
      orderId: prepaid.id,
      dispatchedAt: new Date(paidAt.getTime() + minutes(30)),
      verifiedAt: new Date(paidAt.getTime() + minutes(50)),
      activatedAt: new Date(paidAt.getTime() + minutes(52)),
      reading: { balances: prepaidBalances(paidAt, before(h.now, days(4))) },
      readAt: before(h.now, minutes(40)),
      // The 30-day bundle it came with, partly used since; the top-ups are as bought.
      granted: { voice_sub: STARTER_BUNDLE.voiceSeconds, data_sub: STARTER_BUNDLE.dataBytes, sms_sub: STARTER_BUNDLE.sms },
      trackingReference: 'SBX40388912',
    },
  ]
}

interface PlacedOrder {
  id: number
  number: string
  total: number
}

/** One line of a seeded product, priced and numbered as POST /v10/partner/order would, dated `at`. */
async function placeOrder(tx: Queryable, h: DemoHistory, productId: number, friendlyName: string, at: Date): Promise<PlacedOrder> {
  const order: CreateOrderRequest['order'] = {
    id: randomUUID(),
    order_lines: [
      {
        cart_id: randomUUID(),
        product_id: productId,
        id: productId,
        name: '',
        unit_price: 0,
        image: '',
        product_configs: { value_adds: [], configs: [{ friendly_name: friendlyName, comments: 'Free text' }] },
      },
    ],
    total: 0,
    deliveryAddress: h.address,
    delivery: { ...DELIVERY_DEFAULTS },
    partner: h.partner,
  }
  const priced = await priceLines(tx, order.order_lines)
  if ('code' in priced) throw new Error(`the demo customer needs the sandbox catalogue: ${priced.error}`)
  const id = await insertOrder(tx, h.customerId, order, priced, h.partner)
  const [row] = await tx.query<{ order_number: string; total_price: number }>(
    'update orders set order_date = $2 where id = $1 returning order_number, total_price',
    [id, at],
  )
  const dated = defined(row, 'the dated order')
  return { id, number: dated.order_number, total: dated.total_price }
}

/** A successful provider payment recorded as the payment routes record one (which provisions the SIM), dated `at`. */
async function pay(tx: Queryable, h: DemoHistory, order: PlacedOrder, method: 'card' | 'wallet', at: Date): Promise<void> {
  const transactionId = randomBytes(16).toString('hex')
  let checkoutId: string | null = null
  if (method === 'card') {
    checkoutId = `${randomBytes(16).toString('hex').toUpperCase()}.uat01-vm-tx04`
    await tx.query('insert into checkouts (id, customer_id, order_id, amount, currency, created_at) values ($1, $2, $3, $4, $5, $6)', [
      checkoutId,
      h.customerId,
      order.id,
      cardAmount(order.total),
      PAYMENT_CURRENCY,
      before(at, minutes(2)),
    ])
  }
  const holder = 'Lindiwe Dlamini'
  const payment: ProviderPayment =
    method === 'card'
      ? {
          id: transactionId,
          paymentBrand: 'VISA',
          result: SUCCESS,
          card: { bin: '420000', last4Digits: '0000', holder, expiryMonth: '08', expiryYear: '2028' },
        }
      : { id: transactionId, paymentBrand: 'GOOGLEPAY', result: SUCCESS, card: { bin: '', last4Digits: '1111', holder, expiryMonth: '12', expiryYear: '2030' } }
  // The demo's history is not news: its payments mail no receipts.
  await recordPayment(
    tx,
    {
      method,
      checkoutId,
      orderId: order.id,
      orderNumber: order.number,
      amount: order.total,
      currency: PAYMENT_CURRENCY,
      payment,
      partner: h.partner,
      // The demo's SIMs are the sandbox network's.
      network: 'sandbox',
    },
    { receipt: false },
  )
  await tx.query('update payments set effective_date = $2 where transaction_id = $1', [transactionId, at])
}
