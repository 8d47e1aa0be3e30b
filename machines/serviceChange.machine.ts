import { assign, fromPromise, setup } from 'xstate'
import type { Service } from '../src/domain/service.ts'
import type { CancellationQuote, PackagesAnswer } from '../src/domain/serviceActions.ts'
import { failureOf, wasAnswered } from './failure.ts'
import type { ServiceChangeEvent } from './serviceChange.events.ts'

export type { ServiceChangeEvent } from './serviceChange.events.ts'

export interface ServiceChangeInput {
  serviceId: number
}

/** Why a call failed, as the screen words it: no connection, or the server's own text (translated by the UI). */
export interface ChangeError {
  offline: boolean
  message: string
}

/** What the service became, and by which change: the screen keeps it and says so. */
export interface Changed {
  change: 'package' | 'cancellation' | 'undo'
  service: Service
}

export interface ServiceChangeContext {
  serviceId: number
  packages: PackagesAnswer | null
  /** The package picked in the list, or null. */
  chosen: number | null
  cancellation: CancellationQuote | null
  /** The scheduled action being taken back. */
  undoing: number | null
  error: ChangeError | null
}

/** An effect's failure as the machine keeps it: the server's words when it answered, else no answer (offline). */
export function errorOf(error: unknown): ChangeError {
  return wasAnswered(error) ? { offline: false, message: failureOf(error).message } : { offline: true, message: '' }
}

const failed = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * Upgrade/Downgrade, Cancel Service and Undo on one SIM. A package change first asks which packages of the SIM's kind
 * the catalogue has and from when, then schedules the one chosen; a cancellation first asks what it would do, then
 * schedules it (a prepaid SIM ends at once); Undo takes a scheduled action back. Every answer is the service as it
 * stands, which `announceChanged` keeps; each needs a connection, and a failure keeps the dialog with its message.
 */
export const serviceChangeMachine = setup({
  types: {
    context: {} as ServiceChangeContext,
    events: {} as ServiceChangeEvent,
    input: {} as ServiceChangeInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(): the service actions of src/api/serviceActions.ts.
    loadPackages: fromPromise<PackagesAnswer, { serviceId: number }>(async () => {
      throw new Error('loadPackages is not provided')
    }),
    schedulePackage: fromPromise<Service, { serviceId: number; productId: number }>(async () => {
      throw new Error('schedulePackage is not provided')
    }),
    loadCancellation: fromPromise<CancellationQuote, { serviceId: number }>(async () => {
      throw new Error('loadCancellation is not provided')
    }),
    cancelService: fromPromise<Service, { serviceId: number }>(async () => {
      throw new Error('cancelService is not provided')
    }),
    undoAction: fromPromise<Service, { serviceId: number; actionId: number }>(async () => {
      throw new Error('undoAction is not provided')
    }),
  },
  actions: {
    reset: assign({ packages: null, chosen: null, cancellation: null, undoing: null, error: null }),
    setPackages: assign((_, params: { packages: PackagesAnswer }) => ({ packages: params.packages, chosen: null, error: null })),
    choose: assign((_, params: { productId: number }) => ({ chosen: params.productId, error: null })),
    setCancellation: assign((_, params: { quote: CancellationQuote }) => ({ cancellation: params.quote, error: null })),
    setUndoing: assign((_, params: { actionId: number }) => ({ undoing: params.actionId })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorOf(params.error) })),
    clearError: assign({ error: null }),
    /** src/ keeps the service as answered and tells the customer what changed. */
    announceChanged: (_, _params: Changed) => {},
    /** src/ tells the customer why it did not happen (used where no dialog shows the message: Undo). */
    announceFailed: (_, _params: { error: ChangeError }) => {},
  },
  guards: {
    offered: ({ context }, params: { productId: number }) => context.packages?.packages.some((p) => p.product_id === params.productId) ?? false,
    chosen: ({ context }) => context.chosen !== null,
  },
}).createMachine({
  id: 'serviceChange',
  context: ({ input }) => ({ serviceId: input.serviceId, packages: null, chosen: null, cancellation: null, undoing: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: {
        'service.package.open': { target: 'package' },
        'service.cancel.open': { target: 'cancellation' },
        'service.action.undo': { target: 'undoing', actions: { type: 'setUndoing', params: ({ event }) => ({ actionId: event.actionId }) } },
      },
    },
    package: {
      initial: 'loading',
      on: { 'service.dialog.close': { target: 'idle' } },
      states: {
        loading: {
          invoke: {
            src: 'loadPackages',
            input: ({ context }) => ({ serviceId: context.serviceId }),
            onDone: { target: 'choosing', actions: { type: 'setPackages', params: ({ event }) => ({ packages: event.output }) } },
            onError: { target: 'failed', actions: { type: 'setError', params: failed } },
          },
        },
        failed: { on: { 'service.retry': { target: 'loading', actions: 'clearError' } } },
        choosing: {
          on: {
            'service.package.choose': {
              guard: { type: 'offered', params: ({ event }) => ({ productId: event.productId }) },
              actions: { type: 'choose', params: ({ event }) => ({ productId: event.productId }) },
            },
            'service.package.confirm': { guard: 'chosen', target: 'scheduling', actions: 'clearError' },
          },
        },
        scheduling: {
          // The request is out: the dialog stays until it is answered.
          on: { 'service.dialog.close': {} },
          invoke: {
            src: 'schedulePackage',
            input: ({ context }) => ({ serviceId: context.serviceId, productId: context.chosen ?? 0 }),
            onDone: {
              target: '#serviceChange.idle',
              actions: { type: 'announceChanged', params: ({ event }) => ({ change: 'package' as const, service: event.output }) },
            },
            onError: { target: 'choosing', actions: { type: 'setError', params: failed } },
          },
        },
      },
    },
    cancellation: {
      initial: 'loading',
      on: { 'service.dialog.close': { target: 'idle' } },
      states: {
        loading: {
          invoke: {
            src: 'loadCancellation',
            input: ({ context }) => ({ serviceId: context.serviceId }),
            onDone: { target: 'confirming', actions: { type: 'setCancellation', params: ({ event }) => ({ quote: event.output }) } },
            onError: { target: 'failed', actions: { type: 'setError', params: failed } },
          },
        },
        failed: { on: { 'service.retry': { target: 'loading', actions: 'clearError' } } },
        confirming: { on: { 'service.cancel.confirm': { target: 'cancelling', actions: 'clearError' } } },
        cancelling: {
          on: { 'service.dialog.close': {} },
          invoke: {
            src: 'cancelService',
            input: ({ context }) => ({ serviceId: context.serviceId }),
            onDone: {
              target: '#serviceChange.idle',
              actions: { type: 'announceChanged', params: ({ event }) => ({ change: 'cancellation' as const, service: event.output }) },
            },
            onError: { target: 'confirming', actions: { type: 'setError', params: failed } },
          },
        },
      },
    },
    undoing: {
      invoke: {
        src: 'undoAction',
        input: ({ context }) => ({ serviceId: context.serviceId, actionId: context.undoing ?? 0 }),
        onDone: { target: 'idle', actions: { type: 'announceChanged', params: ({ event }) => ({ change: 'undo' as const, service: event.output }) } },
        onError: { target: 'idle', actions: { type: 'announceFailed', params: ({ event }) => ({ error: errorOf(event.error) }) } },
      },
    },
  },
})
