import { assign, fromPromise, setup } from 'xstate'
import { backoffMs } from '../src/outbox/lifecycle.ts'
import type { DrainInput, DrainReport, DrainRequest, OutboxEvent, OutboxInput, SignedIn } from './outbox.events.ts'

export type { DrainInput, DrainReport, DrainRequest, OutboxEvent, OutboxInput, SignedIn } from './outbox.events.ts'

export interface OutboxContext {
  signedIn: SignedIn
  /** Drains asked for so far; each drain serves every ask heard before it began. */
  asked: number
  /** The last ask the running (or last) drain serves. */
  serving: number
  /** What the running (or last) drain sends. */
  current: DrainRequest
  /** Asks heard while a drain ran, as one drain that follows it; null when none. */
  next: DrainRequest | null
  /** Time until the earliest waiting write is due, as the last drain found it. */
  waitMs: number | null
  /** Drains in a row that failed (the device's storage); the retry waits as an unanswered write would. */
  failures: number
}

/** Everything, now: the app started, the connection returned, the session changed. */
export const EVERY_KIND_NOW: DrainRequest = { force: true, kinds: null }
/** The wake-up: every kind, each write only once its wait is over. */
const DUE_ONLY: DrainRequest = { force: false, kinds: null }

/** Two asks as one drain: every kind either names, forced when either is. */
function merge(a: DrainRequest | null, b: DrainRequest): DrainRequest {
  if (a === null) return b
  const kinds = a.kinds === null || b.kinds === null ? null : [...new Set([...a.kinds, ...b.kinds])]
  return { force: a.force || b.force, kinds }
}

const NO_OUTCOMES: DrainReport['outcomes'] = {}

type Target = 'draining' | undefined

/** The events that ask for a drain; while one runs (no target) they are kept for the next. */
function asks(target: Target) {
  const to = target === undefined ? {} : { target }
  const now = { type: 'ask', params: EVERY_KIND_NOW } as const
  return {
    'outbox.started': { ...to, actions: now },
    'outbox.connected': { ...to, actions: now },
    'outbox.queued': { ...to, actions: { type: 'ask', params: ({ event }: { event: { kind: string } }) => ({ force: true, kinds: [event.kind] }) } },
    // A new session sends what its customer may now send; the same session again changes nothing.
    'outbox.signedIn': {
      ...to,
      guard: { type: 'sessionChanged', params: ({ event }: { event: { customerId: number } }) => ({ customerId: event.customerId }) },
      actions: [{ type: 'setSession', params: ({ event }: { event: { customerId: number } }) => ({ customerId: event.customerId }) }, now],
    },
    'outbox.signedOut': {
      ...to,
      guard: { type: 'sessionChanged', params: { customerId: null } },
      actions: [{ type: 'setSession', params: { customerId: null } }, now],
    },
  } as const
}

const afterDrain = [
  {
    type: 'drained',
    params: ({ context, event }: { context: OutboxContext; event: { output: DrainReport } }) => ({ upTo: context.serving, outcomes: event.output.outcomes }),
  },
  { type: 'wait', params: ({ event }: { event: { output: DrainReport } }) => event.output },
] as const

const afterFailure = [
  { type: 'drained', params: ({ context }: { context: OutboxContext }) => ({ upTo: context.serving, outcomes: NO_OUTCOMES }) },
  'failed',
] as const

/**
 * The outbox in the page: one drainer for every kind of queued write.
 *
 *   idle --started / connected / queued / signed in or out--> draining --nothing waits--> idle
 *                                                                |------a write waits----> waiting --due--> draining
 *                                                                '------asked again------> draining
 *
 * A drain (the `drain` effect, supplied with machine.provide()) sends what is due under the outbox lock and reports
 * when the next write is due; every rule of one write (claim, settle, backoff, Retry-After) is in src/outbox/lifecycle.ts.
 * An ask heard while a drain runs is kept and served by the drain that follows, never dropped.
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput | undefined,
  },
  actors: {
    drain: fromPromise<DrainReport, DrainInput>(async () => {
      throw new Error('drain is not provided')
    }),
  },
  actions: {
    /** A drain is over (or failed): callers waiting on asks up to `upTo` learn what became of their writes. */
    drained: (_, _params: { upTo: number; outcomes: DrainReport['outcomes'] }) => {},
    ask: assign(({ context }, request: DrainRequest) => ({ asked: context.asked + 1, next: merge(context.next, request) })),
    begin: assign(({ context }) => ({ serving: context.asked, current: context.next ?? DUE_ONLY, next: null })),
    setSession: assign({ signedIn: (_, params: { customerId: number | null }) => params.customerId }),
    wait: assign({ waitMs: (_, report: DrainReport) => report.waitMs, failures: 0 }),
    failed: assign(({ context }) => ({ failures: context.failures + 1, waitMs: backoffMs(context.failures + 1) })),
  },
  guards: {
    askedAgain: ({ context }) => context.next !== null,
    writesWait: (_, report: DrainReport) => report.waitMs !== null,
    sessionChanged: ({ context }, params: { customerId: number | null }) => context.signedIn !== params.customerId,
  },
  delays: {
    untilDue: ({ context }) => context.waitMs ?? 0,
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    signedIn: input?.signedIn,
    asked: 0,
    serving: 0,
    current: DUE_ONLY,
    next: null,
    waitMs: null,
    failures: 0,
  }),
  initial: 'idle',
  states: {
    idle: { on: asks('draining') },
    draining: {
      entry: 'begin',
      on: asks(undefined),
      invoke: {
        src: 'drain',
        input: ({ context }) => ({ ...context.current, signedIn: context.signedIn }),
        onDone: [
          { guard: 'askedAgain', target: 'draining', reenter: true, actions: afterDrain },
          { guard: { type: 'writesWait', params: ({ event }) => event.output }, target: 'waiting', actions: afterDrain },
          { target: 'idle', actions: afterDrain },
        ],
        onError: [
          { guard: 'askedAgain', target: 'draining', reenter: true, actions: afterFailure },
          { target: 'waiting', actions: afterFailure },
        ],
      },
    },
    waiting: {
      on: asks('draining'),
      after: { untilDue: { target: 'draining', actions: { type: 'ask', params: DUE_ONLY } } },
    },
  },
})
