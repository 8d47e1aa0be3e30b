import { assign, fromPromise, setup } from 'xstate'
import { canPay } from '../src/domain/order.ts'
import { defined } from '../src/domain/defined.ts'
import { refusalOr } from './failure.ts'
import type {
  Checkout,
  LoadedOrder,
  PayableOrder,
  PaymentEvent,
  PaymentFailure,
  PaymentInput,
  PaymentResult,
  WalletCharge,
  WalletPaymentAnswer,
} from './payment.events.ts'

export type { LoadedOrder, PayableOrder, PaymentEvent, PaymentFailure, PaymentInput, WalletCharge } from './payment.events.ts'

export interface PaymentContext {
  input: PaymentInput
  online: boolean
  order: PayableOrder | null
  /** The card checkout this page created, handed to the widget page. */
  checkout: Checkout | null
  /** The wallet's last answer from the provider. */
  result: PaymentResult | null
  /** The order that answer is about. */
  resultOrderId: number | null
  /** What went wrong last, in the server's words; cleared when the customer tries again. */
  failure: PaymentFailure | null
  /** The wallet payment's Idempotency-Key, made when Google Pay authorised it. */
  walletKey: string | null
}

/** From any resting state: a lost connection disables paying until it returns. */
const offlineOnLoss = { 'payment.connection.lost': { target: '#payment.offline', actions: 'goOffline' } } as const

/** What the customer may start from a resting state of the order page; a new attempt forgets how the last one went. */
const startPaying = {
  'payment.card.start': { target: '#payment.card.creatingCheckout', actions: ['clearFailure', 'clearResult'] },
  'payment.wallet.start': { target: '#payment.wallet.authorising', actions: ['clearFailure', 'clearResult'] },
  ...offlineOnLoss,
} as const

/**
 * The order page (/payment/{id}): "Paying with:" a card, whose checkout it creates before the widget page takes
 * over, or Google Pay, which it pays here.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the defaults fail loudly so a missing effect is seen.
    loadOrder: fromPromise<LoadedOrder, { orderId: string }>(async () => {
      throw new Error('loadOrder is not provided')
    }),
    createCheckout: fromPromise<Checkout, { orderId: number }>(async () => {
      throw new Error('createCheckout is not provided')
    }),
    payWithWallet: fromPromise<WalletPaymentAnswer, WalletCharge>(async () => {
      throw new Error('payWithWallet is not provided')
    }),
  },
  actions: {
    /** Commits the checkout to the event log, so the widget page (and a reload of it) finds it. */
    rememberCheckout: (_, _params: { checkout: Checkout }) => {},
    /** Commits the provider's answer (a fact) so the device knows how the payment went. */
    rememberResult: (_, _params: { orderId: number; checkoutId: null; method: 'wallet'; status: number; result: PaymentResult }) => {},
    /** Moves the browser to the card widget page of the checkout. */
    openWidget: (_, _params: { checkoutId: string }) => {},
    /** Wallet success: toast "Payment successful." and go to the order. */
    announcePaid: (_, _params: { orderId: number }) => {},
    /** Wallet failure: toast "Payment failed. Please try again.". */
    announceFailed: () => {},
    /** Refreshes the cached order once the server has moved it. */
    refreshOrder: (_, _params: { orderId: number }) => {},
    setOrder: assign({ order: (_, order: PayableOrder) => order }),
    setCheckout: assign({ checkout: (_, checkout: Checkout) => checkout }),
    setResult: assign((_, answer: { result: PaymentResult; order_id: number }) => ({ result: answer.result, resultOrderId: answer.order_id })),
    setFailure: assign({ failure: (_, failure: PaymentFailure) => failure }),
    clearFailure: assign({ failure: null }),
    clearResult: assign({ result: null, resultOrderId: null }),
    goOffline: assign({ online: false }),
    goOnline: assign({ online: true }),
    newWalletKey: assign({ walletKey: (_, key: string) => key }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ input, online: input.online, order: null, checkout: null, result: null, resultOrderId: null, failure: null, walletKey: null }),
  initial: 'loadingOrder',
  on: {
    'payment.connection.lost': { actions: 'goOffline' },
    'payment.connection.restored': { actions: 'goOnline' },
  },
  states: {
    loadingOrder: {
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.input.orderId }),
        onDone: [
          {
            // From the device's cache: the server could not be asked, so paying waits for the connection.
            guard: ({ event }) => event.output.cached && canPay(event.output.order.status),
            target: 'offline',
            actions: [{ type: 'setOrder', params: ({ event }) => event.output.order }, 'goOffline'],
          },
          {
            guard: ({ event }) => canPay(event.output.order.status),
            target: 'ready',
            actions: [{ type: 'setOrder', params: ({ event }) => event.output.order }, 'goOnline'],
          },
          { target: 'unpayable', actions: { type: 'setOrder', params: ({ event }) => event.output.order } },
        ],
        onError: refusalOr('unpayable', 'loadFailed'),
      },
    },
    /** The order could not be fetched (no answer, server error): say so and offer a retry. */
    loadFailed: {
      on: {
        'payment.retry': { target: 'loadingOrder', actions: 'clearFailure' },
        'payment.connection.restored': { target: 'loadingOrder', actions: ['goOnline', 'clearFailure'] },
      },
    },
    /** Not this customer's order, no such order, or not "Payment not Completed": nothing to pay here. */
    unpayable: { type: 'final' },
    /** "Payment needs a connection": the buttons are disabled, the order stays on screen. */
    offline: {
      on: { 'payment.connection.restored': { target: 'loadingOrder', actions: ['goOnline', 'clearFailure'] } },
    },
    ready: { on: startPaying },
    card: {
      initial: 'creatingCheckout',
      states: {
        creatingCheckout: {
          invoke: {
            src: 'createCheckout',
            input: ({ context }) => ({ orderId: defined(context.order, 'the order').id }),
            onDone: {
              target: 'widget',
              actions: [
                { type: 'setCheckout', params: ({ event }) => event.output },
                { type: 'rememberCheckout', params: ({ event }) => ({ checkout: event.output }) },
                { type: 'openWidget', params: ({ event }) => ({ checkoutId: event.output.checkoutId }) },
              ],
            },
            onError: refusalOr('#payment.unpayable', '#payment.ready'),
          },
        },
        /** The card widget page has the checkout now (paymentWidget.machine.ts). */
        widget: { type: 'final' },
      },
    },
    wallet: {
      initial: 'authorising',
      states: {
        /** Google Pay's sheet is open. */
        authorising: {
          on: {
            'payment.wallet.authorised': {
              target: 'paying',
              actions: { type: 'newWalletKey', params: ({ event }) => event.key },
            },
            'payment.wallet.cancelled': { target: 'cancelled' },
            'payment.wallet.failed': {
              target: 'failed',
              actions: [{ type: 'setFailure', params: ({ event }) => ({ message: event.message, status: undefined }) }, 'announceFailed'],
            },
            ...offlineOnLoss,
          },
        },
        paying: {
          invoke: {
            src: 'payWithWallet',
            input: ({ context, event }) => ({
              orderId: defined(context.order, 'the order').id,
              total: defined(context.order, 'the order').total,
              paymentData: (event as Extract<PaymentEvent, { type: 'payment.wallet.authorised' }>).paymentData,
              key: defined(context.walletKey, 'the wallet key'),
            }),
            onDone: [
              // Charged, but the server owes the money back (the order was paid meanwhile): never announced as paid.
              {
                guard: ({ event }) => event.output.status === 200 && event.output.recorded === 'paid_twice',
                target: 'paidTwice',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => wallet(event.output) },
                  // Another payment paid the order: the device's copy may not know it yet.
                  { type: 'refreshOrder', params: ({ event }) => ({ orderId: event.output.order_id }) },
                ],
              },
              {
                guard: ({ event }) => event.output.status === 200 && event.output.recorded === 'refund_due',
                target: 'refundDue',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => wallet(event.output) },
                ],
              },
              {
                guard: ({ event }) => event.output.status === 200,
                target: 'successful',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => wallet(event.output) },
                  { type: 'refreshOrder', params: ({ event }) => ({ orderId: event.output.order_id }) },
                  { type: 'announcePaid', params: ({ event }) => ({ orderId: event.output.order_id }) },
                ],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => wallet(event.output) },
                  'announceFailed',
                ],
              },
            ],
            onError: refusalOr('#payment.unpayable', 'failed', 'announceFailed'),
          },
        },
        successful: { type: 'final' },
        /** Charged, but the order had been paid by another payment meanwhile: the customer paid twice and this charge is owed back. */
        paidTwice: { type: 'final' },
        /** Charged, but the server saved it as paying nothing (owed back) while the order still waits. */
        refundDue: { type: 'final' },
        /** "Payment failed. Please try again.": both buttons work again. */
        failed: { on: startPaying },
        cancelled: { on: startPaying },
      },
    },
  },
})

const wallet = (answer: WalletPaymentAnswer) => ({
  orderId: answer.order_id,
  checkoutId: null,
  method: 'wallet' as const,
  status: answer.status,
  result: answer.result,
})
