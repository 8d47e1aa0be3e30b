import { assign, fromPromise, setup } from 'xstate'
import { canPay } from '../src/domain/order.ts'
import { defined } from '../src/domain/defined.ts'
import { outcomeOfStatus } from '../src/domain/payment.ts'
import { failureOf, isRefusal } from './failure.ts'
import type {
  Checkout,
  LoadedOrder,
  PayableOrder,
  PaymentEvent,
  PaymentFailure,
  PaymentInput,
  PaymentResult,
  PaymentStatus,
  WalletCharge,
  WalletPaymentAnswer,
} from './payment.events.ts'

export type { LoadedOrder, PayableOrder, PaymentEvent, PaymentFailure, PaymentInput, WalletCharge } from './payment.events.ts'

export interface PaymentContext {
  input: PaymentInput
  online: boolean
  order: PayableOrder | null
  checkout: Checkout | null
  /** The provider's last answer (status page, wallet). */
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
    /** The checkout this device created (from its event log); null when it does not know it. */
    readCheckout: fromPromise<Checkout | null, { checkoutId: string }>(async () => null),
    fetchStatus: fromPromise<PaymentStatus, { checkoutId: string }>(async () => {
      throw new Error('fetchStatus is not provided')
    }),
    payWithWallet: fromPromise<WalletPaymentAnswer, WalletCharge>(async () => {
      throw new Error('payWithWallet is not provided')
    }),
  },
  actions: {
    /** Commits the checkout to the event log, so a reload of the widget page finds it. */
    rememberCheckout: (_, _params: { checkout: Checkout }) => {},
    /** Commits the provider's answer (a fact) so the device knows how the payment went. */
    rememberResult: (_, _params: { orderId: number; checkoutId: string | null; method: 'card' | 'wallet'; status: number; result: PaymentResult }) => {},
    /** Moves the browser to the card widget page of the checkout. */
    openWidget: (_, _params: { checkoutId: string }) => {},
    /** Wallet success: toast "Payment successful." and go to the order. */
    announcePaid: (_, _params: { orderId: number }) => {},
    /** Wallet failure: toast "Payment failed. Please try again.". */
    announceFailed: () => {},
    /** Reports a widget script that would not load to the app's error handler. */
    reportError: (_, _params: { message: string }) => {},
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
  guards: {
    startsAtOrder: ({ context }) => context.input.stage === 'order',
    startsAtWidget: ({ context }) => context.input.stage === 'widget',
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ input, online: input.online, order: null, checkout: null, result: null, resultOrderId: null, failure: null, walletKey: null }),
  initial: 'starting',
  on: {
    'payment.connection.lost': { actions: 'goOffline' },
    'payment.connection.restored': { actions: 'goOnline' },
  },
  states: {
    starting: {
      always: [
        { guard: 'startsAtOrder', target: 'loadingOrder' },
        { guard: 'startsAtWidget', target: 'card.loadingCheckout' },
        { target: 'card.awaitingResult' },
      ],
    },
    loadingOrder: {
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.input.stage === 'order' ? context.input.orderId : '' }),
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
        onError: [
          {
            guard: ({ event }) => isRefusal(failureOf(event.error)),
            target: 'unpayable',
            actions: { type: 'setFailure', params: ({ event }) => failureOf(event.error) },
          },
          { target: 'loadFailed', actions: { type: 'setFailure', params: ({ event }) => failureOf(event.error) } },
        ],
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
            onError: [
              {
                guard: ({ event }) => isRefusal(failureOf(event.error)),
                target: '#payment.unpayable',
                actions: { type: 'setFailure', params: ({ event }) => failureOf(event.error) },
              },
              { target: '#payment.ready', actions: { type: 'setFailure', params: ({ event }) => failureOf(event.error) } },
            ],
          },
        },
        /** The widget page: the checkout comes from the device's log. */
        loadingCheckout: {
          invoke: {
            src: 'readCheckout',
            input: ({ context }) => ({ checkoutId: context.input.stage === 'order' ? '' : context.input.checkoutId }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'widget',
                actions: { type: 'setCheckout', params: ({ event }) => defined(event.output, 'the checkout') },
              },
              { target: 'unknownCheckout' },
            ],
            onError: { target: 'unknownCheckout' },
          },
        },
        /** This device never created the checkout (another phone, an old link): start again from the order. */
        unknownCheckout: { type: 'final' },
        widget: {
          initial: 'loadingScript',
          states: {
            loadingScript: {
              on: {
                'payment.widget.loaded': { target: 'shown' },
                'payment.widget.failed': {
                  target: 'scriptFailed',
                  actions: [
                    { type: 'setFailure', params: ({ event }) => ({ message: event.message, status: undefined }) },
                    { type: 'reportError', params: ({ event }) => ({ message: event.message }) },
                  ],
                },
              },
            },
            shown: {},
            /** "Unable to load script", with a retry. */
            scriptFailed: {
              on: { 'payment.widget.retry': { target: 'loadingScript', actions: 'clearFailure' } },
            },
          },
        },
        awaitingResult: {
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => ({ checkoutId: context.input.stage === 'order' ? (context.checkout?.checkoutId ?? '') : context.input.checkoutId }),
            onDone: [
              // The provider says succeeded, but the server owes the money back: never shown as paid.
              {
                guard: ({ event }) => outcomeOfStatus(event.output.status) === 'successful' && event.output.recorded === 'paid_twice',
                target: 'paidTwice',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => card(event.output) },
                  // Another payment paid the order: the device's copy may not know it yet.
                  { type: 'refreshOrder', params: ({ event }) => ({ orderId: event.output.order_id }) },
                ],
              },
              {
                guard: ({ event }) => outcomeOfStatus(event.output.status) === 'successful' && event.output.recorded === 'refund_due',
                target: 'refundDue',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => card(event.output) },
                ],
              },
              {
                guard: ({ event }) => outcomeOfStatus(event.output.status) === 'successful',
                target: 'successful',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => card(event.output) },
                  { type: 'refreshOrder', params: ({ event }) => ({ orderId: event.output.order_id }) },
                ],
              },
              {
                guard: ({ event }) => outcomeOfStatus(event.output.status) === 'pending',
                target: 'pending',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => card(event.output) },
                ],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'setResult', params: ({ event }) => event.output },
                  { type: 'rememberResult', params: ({ event }) => card(event.output) },
                ],
              },
            ],
            onError: [
              {
                guard: ({ event }) => isRefusal(failureOf(event.error)),
                target: '#payment.unpayable',
                actions: { type: 'setFailure', params: ({ event }) => failureOf(event.error) },
              },
              { target: 'statusUnavailable', actions: { type: 'setFailure', params: ({ event }) => failureOf(event.error) } },
            ],
          },
        },
        /** The result could not be fetched (offline, server error); asking again is safe. */
        statusUnavailable: {
          on: {
            'payment.status.check': { target: 'awaitingResult', actions: 'clearFailure' },
            'payment.connection.restored': { target: 'awaitingResult', actions: ['goOnline', 'clearFailure'] },
          },
        },
        successful: { type: 'final' },
        /** The money was taken but the order had been paid already: the customer paid twice and this payment is owed back. */
        paidTwice: { type: 'final' },
        /** The money was taken on a checkout that had been replaced: it paid nothing, is owed back, and the order still waits. */
        refundDue: { type: 'final' },
        /** The provider has not decided yet; the customer may check again. */
        pending: {
          on: { 'payment.status.check': { target: 'awaitingResult' } },
        },
        failed: { type: 'final' },
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
            onError: [
              {
                guard: ({ event }) => isRefusal(failureOf(event.error)),
                target: '#payment.unpayable',
                actions: [{ type: 'setFailure', params: ({ event }) => failureOf(event.error) }, 'announceFailed'],
              },
              { target: 'failed', actions: [{ type: 'setFailure', params: ({ event }) => failureOf(event.error) }, 'announceFailed'] },
            ],
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

const card = (status: PaymentStatus) => ({
  orderId: status.order_id,
  checkoutId: status.checkoutId,
  method: 'card' as const,
  status: status.status,
  result: status.result,
})

const wallet = (answer: WalletPaymentAnswer) => ({
  orderId: answer.order_id,
  checkoutId: null,
  method: 'wallet' as const,
  status: answer.status,
  result: answer.result,
})
