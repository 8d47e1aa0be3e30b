import { fromPromise } from 'xstate'
import { paymentEventSchemas, PaymentInputSchema } from '../../../../machines/payment.events.ts'
import { paymentMachine, type LoadedOrder, type WalletCharge } from '../../../../machines/payment.machine.ts'
import { ApiError } from '../../../api/client.ts'
import { fetchOrder } from '../../../api/orders.ts'
import { createCheckout, fetchPaymentStatus, payWithWallet } from '../../../api/payments.ts'
import { makeFact } from '../../../domain/events.ts'
import { ORDER_STATUS_NEW } from '../../../domain/order.ts'
import type { Checkout, PaymentStatus, WalletPaymentAnswer } from '../../../domain/payment.ts'
import { readCheckout } from '../../../store/queries.ts'
import { fake, labCustomer, sandboxCustomerId } from '../fakes.ts'
import type { EffectMode, LabMachine } from '../labMachine.ts'
import { newId, stampNow } from '../../../lib/ids.ts'

export const LAB_ORDER_ID = 1001
export const LAB_CHECKOUT_ID = '8ac7a4c8lab0000000000000000000001.lab'

const labOrder = (id: number) => ({ id, number: `SO-${id}`, total: 299, status: ORDER_STATUS_NEW })

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

/** The payment machine: the order, the card checkout, its result and Google Pay, against the sandbox server or fakes. */
export const paymentLab: LabMachine = {
  id: 'payment',
  machine: paymentMachine,
  modes: ['succeeds', 'pending', 'declined', 'checkoutFails', 'offline', 'server500', 'sandbox'],
  input: {
    schema: PaymentInputSchema,
    presets: {
      order: () => ({ stage: 'order', orderId: String(LAB_ORDER_ID), online: true }),
      widget: () => ({ stage: 'widget', checkoutId: LAB_CHECKOUT_ID, online: true }),
      status: () => ({ stage: 'status', checkoutId: LAB_CHECKOUT_ID, online: true }),
    },
  },
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
    { type: 'payment.widget.loaded', schema: paymentEventSchemas['payment.widget.loaded'] },
    { type: 'payment.widget.failed', schema: paymentEventSchemas['payment.widget.failed'], template: () => ({ message: 'Unable to load script' }) },
    { type: 'payment.widget.retry', schema: paymentEventSchemas['payment.widget.retry'] },
    { type: 'payment.status.check', schema: paymentEventSchemas['payment.status.check'] },
    { type: 'payment.retry', schema: paymentEventSchemas['payment.retry'] },
    { type: 'payment.connection.lost', schema: paymentEventSchemas['payment.connection.lost'] },
    { type: 'payment.connection.restored', schema: paymentEventSchemas['payment.connection.restored'] },
  ],
  provide: (mode, io) => {
    const customerId = () => (mode === 'sandbox' ? sandboxCustomerId() : labCustomer().id)
    return paymentMachine.provide({
      actors: {
        loadOrder: fromPromise<LoadedOrder, { orderId: string }>(async ({ input }) => {
          if (mode !== 'sandbox') return fake(mode, io.delay, () => ({ order: labOrder(Number(input.orderId) || LAB_ORDER_ID), cached: false }))
          sandboxCustomerId()
          const { body: order } = await fetchOrder(input.orderId)
          return { order: { id: Number(order.id), number: order.number, total: order.total_price, status: order.status }, cached: false }
        }),
        createCheckout: fromPromise<Checkout, { orderId: number }>(async ({ input }) => {
          if (mode === 'sandbox') return createCheckout(customerId(), input.orderId)
          if (mode === 'checkoutFails') {
            await io.delay()
            throw new ApiError('The payment provider could not create the checkout.', 502)
          }
          return fake(mode, io.delay, () => labCheckout(input.orderId))
        }),
        // The checkout this "device" created: the lab log's payments projection, else the fake one.
        readCheckout: fromPromise<Checkout | null, { checkoutId: string }>(async ({ input }) => {
          const known = await readCheckout(customerId(), input.checkoutId, await io.db())
          if (known || mode === 'sandbox') return known?.checkout ?? null
          return input.checkoutId === LAB_CHECKOUT_ID ? labCheckout(LAB_ORDER_ID) : null
        }),
        fetchStatus: fromPromise<PaymentStatus, { checkoutId: string }>(({ input }) =>
          mode === 'sandbox' ? fetchPaymentStatus(customerId(), input.checkoutId) : fake(mode, io.delay, () => labStatus(mode, input.checkoutId)),
        ),
        payWithWallet: fromPromise<WalletPaymentAnswer, WalletCharge>(({ input }) =>
          mode === 'sandbox' ? payWithWallet(customerId(), input) : fake(mode, io.delay, () => labWalletAnswer(mode, input)),
        ),
      },
      actions: {
        rememberCheckout: (_, { checkout }) => io.write(makeFact('v1.PaymentCheckoutCreated', { checkout, customerId: customerId() }, stampNow())),
        rememberResult: (_, params) => io.write(makeFact('v1.PaymentResultReceived', { customerId: customerId(), ...params }, stampNow())),
        // Navigation, toasts, error reports and the order refresh belong to the app's screens, not the lab.
        openWidget: () => {},
        announcePaid: () => {},
        announceFailed: () => {},
        reportError: () => {},
        refreshOrder: () => {},
      },
    })
  },
}
