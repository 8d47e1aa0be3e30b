import { assign, fromPromise, setup } from 'xstate'
import { outcomeOfStatus } from '../src/domain/payment.ts'
import { refusalOr } from './failure.ts'
import type { CheckoutPageInput, PaymentFailure, PaymentResult, PaymentStatus, PaymentStatusEvent } from './payment.events.ts'

export type { CheckoutPageInput, PaymentStatusEvent } from './payment.events.ts'

export interface PaymentStatusContext {
  input: CheckoutPageInput
  online: boolean
  /** The provider's answer for the checkout. */
  result: PaymentResult | null
  /** The order that answer is about. */
  resultOrderId: number | null
  /** What went wrong last, in the server's words; cleared when the customer asks again. */
  failure: PaymentFailure | null
}

/**
 * The card payment's status page (/payment_status/{checkoutId}), where the provider's widget sends the customer:
 * the result of the checkout, as the server saved it.
 */
export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    input: {} as CheckoutPageInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the default fails loudly so a missing effect is seen.
    fetchStatus: fromPromise<PaymentStatus, { checkoutId: string }>(async () => {
      throw new Error('fetchStatus is not provided')
    }),
  },
  actions: {
    /** Commits the provider's answer (a fact) so the device knows how the payment went. */
    rememberResult: (_, _params: { orderId: number; checkoutId: string; method: 'card'; status: number; result: PaymentResult }) => {},
    /** Refreshes the cached order once the server has moved it. */
    refreshOrder: (_, _params: { orderId: number }) => {},
    setResult: assign((_, answer: { result: PaymentResult; order_id: number }) => ({ result: answer.result, resultOrderId: answer.order_id })),
    setFailure: assign({ failure: (_, failure: PaymentFailure) => failure }),
    clearFailure: assign({ failure: null }),
    goOffline: assign({ online: false }),
    goOnline: assign({ online: true }),
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({ input, online: input.online, result: null, resultOrderId: null, failure: null }),
  initial: 'card',
  on: {
    'payment.connection.lost': { actions: 'goOffline' },
    'payment.connection.restored': { actions: 'goOnline' },
  },
  states: {
    /** Not this customer's checkout, or no such checkout: nothing to show here. */
    unpayable: { type: 'final' },
    card: {
      initial: 'awaitingResult',
      states: {
        awaitingResult: {
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => ({ checkoutId: context.input.checkoutId }),
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
            onError: refusalOr('#paymentStatus.unpayable', 'statusUnavailable'),
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
  },
})

const card = (status: PaymentStatus) => ({
  orderId: status.order_id,
  checkoutId: status.checkoutId,
  method: 'card' as const,
  status: status.status,
  result: status.result,
})
