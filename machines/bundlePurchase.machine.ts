import { assign, fromPromise, setup } from 'xstate'
import { defined } from '../src/domain/defined.ts'
import { refusalOr } from './failure.ts'
import type { Bundle, BundleFailure, BundlePurchaseEvent, BundlePurchaseInput, BundleRequest, Order } from './bundlePurchase.events.ts'

export type { BundleFailure, BundlePurchaseEvent, BundlePurchaseInput, BundleRequest } from './bundlePurchase.events.ts'

export interface BundlePurchaseContext {
  serviceId: number
  online: boolean
  /** What the SIM can buy, as the server listed it. */
  bundles: Bundle[]
  /** The bundle picked, by id. */
  chosen: string | null
  /** The Idempotency-Key of the purchase tried last, and the bundle it was for: a retry of that choice reuses it. */
  key: string | null
  keyFor: string | null
  /** The order that pays for the bundle, once the server started the purchase. */
  orderId: number | null
  /** What went wrong last, in the server's words; cleared by a new choice or try. */
  failure: BundleFailure | null
}

export const bundlePurchaseMachine = setup({
  types: {
    context: {} as BundlePurchaseContext,
    events: {} as BundlePurchaseEvent,
    input: {} as BundlePurchaseInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the defaults fail loudly so a missing effect is seen.
    loadBundles: fromPromise<Bundle[], { serviceId: number }>(async () => {
      throw new Error('loadBundles is not provided')
    }),
    buyBundle: fromPromise<Order, BundleRequest>(async () => {
      throw new Error('buyBundle is not provided')
    }),
  },
  actions: {
    /** Opens the payment page of the order that buys the bundle (the payment machine takes over there). */
    openPayment: (_, _params: { orderId: number }) => {},
    setBundles: assign({ bundles: (_, bundles: Bundle[]) => bundles }),
    choose: assign({ chosen: (_, bundleId: string) => bundleId, failure: null }),
    /** The key of the last try when it was for this same choice (the server may have started it), else the new one. */
    takeKey: assign(({ context }, key: string) =>
      context.key !== null && context.keyFor === context.chosen ? { failure: null } : { key, keyFor: context.chosen, failure: null },
    ),
    setOrder: assign({ orderId: (_, order: Order) => Number(order.id) }),
    setFailure: assign({ failure: (_, failure: BundleFailure) => failure }),
    clearFailure: assign({ failure: null }),
    goOffline: assign({ online: false }),
    goOnline: assign({ online: true }),
  },
  guards: {
    offered: ({ context }, bundleId: string) => context.bundles.some((b) => b.id === bundleId),
    canBuy: ({ context }) => context.online && context.chosen !== null,
  },
}).createMachine({
  id: 'bundlePurchase',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    online: input.online,
    bundles: [],
    chosen: null,
    key: null,
    keyFor: null,
    orderId: null,
    failure: null,
  }),
  initial: 'loading',
  on: {
    'bundle.connection.lost': { actions: 'goOffline' },
    'bundle.connection.restored': { actions: 'goOnline' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadBundles',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: { target: 'choosing', actions: { type: 'setBundles', params: ({ event }) => event.output } },
        onError: refusalOr('refused', 'loadFailed'),
      },
    },
    /** The list could not be had (no answer, server error): say so and offer a retry. */
    loadFailed: {
      on: {
        'bundle.retry': { target: 'loading', actions: 'clearFailure' },
        'bundle.connection.restored': { target: 'loading', actions: ['goOnline', 'clearFailure'] },
      },
    },
    choosing: {
      on: {
        'bundle.choose': {
          guard: { type: 'offered', params: ({ event }) => event.bundleId },
          actions: { type: 'choose', params: ({ event }) => event.bundleId },
        },
        // Offline the choice stays on screen and Buy waits for the connection.
        'bundle.buy': { guard: 'canBuy', target: 'buying', actions: { type: 'takeKey', params: ({ event }) => event.key } },
      },
    },
    buying: {
      invoke: {
        src: 'buyBundle',
        input: ({ context }) => ({
          serviceId: context.serviceId,
          bundleId: defined(context.chosen, 'the chosen bundle'),
          key: defined(context.key, 'the key'),
        }),
        onDone: {
          target: 'paying',
          actions: [
            { type: 'setOrder', params: ({ event }) => event.output },
            { type: 'openPayment', params: ({ event }) => ({ orderId: Number(event.output.id) }) },
          ],
        },
        // No answer, or the bundle refused (422): the choice and its key stay, so Buy again is the same purchase.
        onError: refusalOr('refused', 'choosing'),
      },
    },
    /** The purchase is started: the payment page pays its order. */
    paying: { type: 'final' },
    /** Nothing can be bought for this SIM here. */
    refused: { type: 'final' },
  },
})
