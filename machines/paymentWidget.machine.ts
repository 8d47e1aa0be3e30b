import { assign, fromPromise, setup } from 'xstate'
import { defined } from '../src/domain/defined.ts'
import type { Checkout, CheckoutPageInput, PaymentFailure, PaymentWidgetEvent } from './payment.events.ts'

export type { CheckoutPageInput, PaymentWidgetEvent } from './payment.events.ts'

export interface PaymentWidgetContext {
  input: CheckoutPageInput
  online: boolean
  checkout: Checkout | null
  /** Why the provider's script did not load; cleared when the customer tries again. */
  failure: PaymentFailure | null
}

/**
 * The card widget page (/payment_widget/{checkoutId}): the checkout the order page created, read from the device's
 * log, and the provider's card form loading for it.
 */
export const paymentWidgetMachine = setup({
  types: {
    context: {} as PaymentWidgetContext,
    events: {} as PaymentWidgetEvent,
    input: {} as CheckoutPageInput,
  },
  actors: {
    /** The checkout this device created (from its event log); null when it does not know it. */
    readCheckout: fromPromise<Checkout | null, { checkoutId: string }>(async () => null),
  },
  actions: {
    /** Reports a widget script that would not load to the app's error handler. */
    reportError: (_, _params: { message: string }) => {},
    setCheckout: assign({ checkout: (_, checkout: Checkout) => checkout }),
    setFailure: assign({ failure: (_, failure: PaymentFailure) => failure }),
    clearFailure: assign({ failure: null }),
    goOffline: assign({ online: false }),
    goOnline: assign({ online: true }),
  },
}).createMachine({
  id: 'paymentWidget',
  context: ({ input }) => ({ input, online: input.online, checkout: null, failure: null }),
  initial: 'card',
  on: {
    'payment.connection.lost': { actions: 'goOffline' },
    'payment.connection.restored': { actions: 'goOnline' },
  },
  states: {
    card: {
      initial: 'loadingCheckout',
      states: {
        loadingCheckout: {
          invoke: {
            src: 'readCheckout',
            input: ({ context }) => ({ checkoutId: context.input.checkoutId }),
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
      },
    },
  },
})
