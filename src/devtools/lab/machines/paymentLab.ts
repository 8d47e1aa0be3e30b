import { CheckoutPageInputSchema, paymentEventSchemas, PaymentInputSchema, type WalletCharge } from '../../../../machines/payment.events.ts'
import { paymentMachine } from '../../../../machines/payment.machine.ts'
import { paymentStatusMachine } from '../../../../machines/paymentStatus.machine.ts'
import { paymentWidgetMachine } from '../../../../machines/paymentWidget.machine.ts'
import { ApiError } from '../../../api/client.ts'
import { fetchOrder } from '../../../api/orders.ts'
import { createCheckout, fetchPaymentStatus, payWithWallet } from '../../../api/payments.ts'
import { ORDER_STATUS_NEW, type Order } from '../../../domain/order.ts'
import type { Checkout, PaymentStatus, WalletPaymentAnswer } from '../../../domain/payment.ts'
import { providePayment, providePaymentStatus, providePaymentWidget, type PaymentPorts } from '../../../features/payment/paymentEffects.ts'
import { i18n } from '../../../i18n/i18n.ts'
import { newId } from '../../../lib/ids.ts'
import { saveOrder } from '../../../store/orderCache.ts'
import { readCachedOrders, readCheckout } from '../../../store/queries.ts'
import type { EffectMode, EventSpec, LabIo, LabMachine } from '../labMachine.ts'
import { labPorts } from '../labPorts.ts'

export const LAB_ORDER_ID = 1001
export const LAB_CHECKOUT_ID = '8ac7a4c8lab0000000000000000000001.lab'

const labOrder = (id: number): Order => ({ id, number: `SO-${id}`, status: ORDER_STATUS_NEW, orderDate: '2026-01-01', total_price: 299, order_lines: [] })

const labCheckout = (orderId: number): Checkout => ({
  checkoutId: LAB_CHECKOUT_ID,
  order_id: orderId,
  order_number: `SO-${orderId}`,
  amount: '299.00',
  currency: 'ZAR',
  scriptUrl: '/sandbox/payments/v1/paymentWidgets.js?checkoutId=lab',
})

/** The provider's answer each fake gives to "how did the payment go?". */
const results = {
  successful: { status: 200, code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  pending: { status: 205, code: '000.200.000', description: 'transaction pending' },
  declined: { status: 400, code: '800.100.151', description: 'transaction declined (invalid card)' },
} as const

const resultFor = (mode: EffectMode) => (mode === 'pending' ? results.pending : mode === 'declined' ? results.declined : results.successful)

function labStatus(mode: EffectMode, checkoutId: string): PaymentStatus {
  const { status, code, description } = resultFor(mode)
  const answer: PaymentStatus = { status, result: { code, description }, order_id: LAB_ORDER_ID, order_number: `SO-${LAB_ORDER_ID}`, checkoutId }
  // The server says what a success did; the lab's fake success paid the order.
  return status === 200 ? { ...answer, recorded: 'paid' } : answer
}

function labWalletAnswer(mode: EffectMode, charge: WalletCharge): WalletPaymentAnswer {
  const { code, description } = mode === 'declined' ? results.declined : results.successful
  return {
    status: mode === 'declined' ? 400 : 200,
    result: { code, description },
    order_id: charge.orderId,
    order_number: `SO-${charge.orderId}`,
    payment_id: mode === 'declined' ? null : 'lab-payment-1',
    // The server says what a success did; the lab's fake success paid the order.
    ...(mode === 'declined' ? {} : { recorded: 'paid' as const }),
  }
}

/**
 * The payment pages' ports in the lab: the lab log and the lab's copy of orders and checkouts, the sandbox server
 * or the mode's fake answers, no screen to navigate. The three payment machines run with the app's own effects.
 */
function labPaymentPorts(mode: EffectMode, io: LabIo): PaymentPorts {
  const lab = labPorts(mode, io)
  const fetchedAt = () => new Date().toISOString()
  return {
    ...lab,
    // The pages commit what they learnt without waiting for it: the fact belongs to the step that learnt it.
    store: { commit: async (fact) => io.write(fact) },
    device: {
      cachedOrders: async (customerId) => readCachedOrders(customerId, await io.db()),
      saveOrder: async (customerId, order, at) => saveOrder(customerId, order, at, await io.db()),
      refreshOrder: async (customerId, orderId) => {
        const { body, fetchedAt: at } = await lab.answer(
          () => fetchOrder(orderId),
          () => ({ body: labOrder(Number(orderId)), fetchedAt: fetchedAt() }),
        )
        await saveOrder(customerId, body, at, await io.db())
      },
      // The checkout this "device" created: the lab log's payments projection, else the fake one.
      readCheckout: async (customerId, checkoutId) => {
        const known = await readCheckout(customerId, checkoutId, await io.db())
        if (known || mode === 'sandbox') return known
        return checkoutId === LAB_CHECKOUT_ID ? { checkout: labCheckout(LAB_ORDER_ID) } : null
      },
    },
    api: {
      fetchOrder: (orderId) =>
        lab.answer(
          () => fetchOrder(orderId),
          () => ({ body: labOrder(Number(orderId) || LAB_ORDER_ID), fetchedAt: fetchedAt() }),
        ),
      createCheckout: async (customerId, orderId) => {
        if (mode !== 'checkoutFails')
          return lab.answer(
            () => createCheckout(customerId, orderId),
            () => labCheckout(orderId),
          )
        await io.delay()
        throw new ApiError('The payment provider could not create the checkout.', 502)
      },
      fetchPaymentStatus: (customerId, checkoutId) =>
        lab.answer(
          () => fetchPaymentStatus(customerId, checkoutId),
          () => labStatus(mode, checkoutId),
        ),
      payWithWallet: (customerId, charge) =>
        lab.answer(
          () => payWithWallet(customerId, charge),
          () => labWalletAnswer(mode, charge),
        ),
    },
    // A retried wallet request waits as a fake does, not the app's seconds.
    sleep: () => io.delay(),
    // The lab shows the machine's state; the app's error handler is not the tester's.
    reportError: () => undefined,
    // Navigation belongs to the app's screens, not the lab.
    ui: { current: { i18n, navigate: async () => undefined } },
  }
}

const connection: EventSpec[] = [
  { type: 'payment.connection.lost', schema: paymentEventSchemas['payment.connection.lost'] },
  { type: 'payment.connection.restored', schema: paymentEventSchemas['payment.connection.restored'] },
]

/** The order page's payment: the order, the card checkout and Google Pay, against the sandbox server or fakes. */
export const paymentLab: LabMachine = {
  id: 'payment',
  machine: paymentMachine,
  modes: ['succeeds', 'declined', 'checkoutFails', 'offline', 'server500', 'sandbox'],
  input: { schema: PaymentInputSchema, presets: { order: () => ({ orderId: String(LAB_ORDER_ID), online: true }) } },
  events: [
    { type: 'payment.card.start', schema: paymentEventSchemas['payment.card.start'] },
    { type: 'payment.wallet.start', schema: paymentEventSchemas['payment.wallet.start'] },
    {
      type: 'payment.wallet.authorised',
      schema: paymentEventSchemas['payment.wallet.authorised'],
      template: () => ({
        paymentData: {
          apiVersion: 2,
          apiVersionMinor: 0,
          paymentMethodData: {
            type: 'CARD',
            description: 'Visa •••• 1111',
            info: { cardNetwork: 'VISA', cardDetails: '1111' },
            tokenizationData: { type: 'PAYMENT_GATEWAY', token: 'lab-token' },
          },
        },
      }),
      // The payment's Idempotency-Key, made at the moment of sending as the payment page does.
      stamp: () => ({ key: newId() }),
    },
    { type: 'payment.wallet.cancelled', schema: paymentEventSchemas['payment.wallet.cancelled'] },
    {
      type: 'payment.wallet.failed',
      schema: paymentEventSchemas['payment.wallet.failed'],
      template: () => ({ message: 'The wallet sheet closed with an error.' }),
    },
    { type: 'payment.retry', schema: paymentEventSchemas['payment.retry'] },
    ...connection,
  ],
  provide: (mode, io) => providePayment(labPaymentPorts(mode, io)),
}

/** The card widget page: the checkout this device created, and the provider's script loading or failing. */
export const paymentWidgetLab: LabMachine = {
  id: 'paymentWidget',
  machine: paymentWidgetMachine,
  modes: ['succeeds', 'sandbox'],
  input: { schema: CheckoutPageInputSchema, presets: { widget: () => ({ checkoutId: LAB_CHECKOUT_ID, online: true }) } },
  events: [
    { type: 'payment.widget.loaded', schema: paymentEventSchemas['payment.widget.loaded'] },
    { type: 'payment.widget.failed', schema: paymentEventSchemas['payment.widget.failed'], template: () => ({ message: 'Unable to load script' }) },
    { type: 'payment.widget.retry', schema: paymentEventSchemas['payment.widget.retry'] },
    ...connection,
  ],
  provide: (mode, io) => providePaymentWidget(labPaymentPorts(mode, io)),
}

/** The card payment's status page: the provider's result of the checkout, against the sandbox server or fakes. */
export const paymentStatusLab: LabMachine = {
  id: 'paymentStatus',
  machine: paymentStatusMachine,
  modes: ['succeeds', 'pending', 'declined', 'offline', 'server500', 'sandbox'],
  input: { schema: CheckoutPageInputSchema, presets: { status: () => ({ checkoutId: LAB_CHECKOUT_ID, online: true }) } },
  events: [{ type: 'payment.status.check', schema: paymentEventSchemas['payment.status.check'] }, ...connection],
  provide: (mode, io) => providePaymentStatus(labPaymentPorts(mode, io)),
}
