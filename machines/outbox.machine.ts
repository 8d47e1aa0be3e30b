import { assign, fromPromise, setup } from 'xstate'
import { claim, isDue, settle, type OutboxEntry } from './outbox.lifecycle.ts'
import type { OutboxEvent, OutboxInput, SendReport } from './outbox.events.ts'

export type { OutboxEvent, OutboxInput, SendReport } from './outbox.events.ts'

export interface OutboxContext {
  clientId: string
  entry: OutboxEntry
  /** The time of the latest event: the machine has no clock of its own. */
  clock: string
  /** The server's answer once it accepted the write. */
  answer: unknown
}

/** The entry after a report: every rule lives in outbox.lifecycle.ts, the machine only names the states. */
const settled = (context: OutboxContext, report: SendReport) => settle(context.entry, report.outcome, new Date(report.at), report.error ?? null)

/**
 * One queued write as a state machine over the pure lifecycle (pending, sending, retrying, acknowledged,
 * rejected), so the machine lab can drive it; the drainer applies the same functions to stored rows.
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(): one attempt to send; it reports failures, it does not throw.
    send: fromPromise<SendReport, { clientId: string; attempt: number }>(async () => {
      throw new Error('send is not provided')
    }),
  },
  actions: {
    /** Records the server's acceptance (a fact). */
    acknowledged: (_, _params: { clientId: string; answer: unknown }) => {},
    /** Records the server's final refusal (a fact); never retried. */
    rejected: (_, _params: { clientId: string; reason: string; status: number | null }) => {},
    claim: assign({ entry: ({ context }) => claim(context.entry) }),
    setClock: assign({ clock: (_, params: { at: string }) => params.at }),
    settle: assign(({ context }, report: SendReport) => ({ entry: settled(context, report), clock: report.at, answer: report.answer ?? null })),
  },
  guards: {
    due: ({ context }, params: { at: string }) => isDue(context.entry, new Date(params.at)),
    settlesAs: ({ context }, params: { report: SendReport; status: OutboxEntry['status'] }) => settled(context, params.report).status === params.status,
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    clientId: input.clientId,
    entry: { status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null },
    clock: input.queuedAt,
    answer: null,
  }),
  initial: 'pending',
  states: {
    pending: {
      on: { 'outbox.send': { target: 'sending', actions: { type: 'setClock', params: ({ event }) => event } } },
    },
    sending: {
      entry: 'claim',
      invoke: {
        src: 'send',
        input: ({ context }) => ({ clientId: context.clientId, attempt: context.entry.attempts }),
        onDone: [
          {
            guard: { type: 'settlesAs', params: ({ event }) => ({ report: event.output, status: 'acknowledged' }) },
            target: 'acknowledged',
            actions: [
              { type: 'settle', params: ({ event }) => event.output },
              { type: 'acknowledged', params: ({ context, event }) => ({ clientId: context.clientId, answer: event.output.answer ?? null }) },
            ],
          },
          {
            guard: { type: 'settlesAs', params: ({ event }) => ({ report: event.output, status: 'rejected' }) },
            target: 'rejected',
            actions: [
              { type: 'settle', params: ({ event }) => event.output },
              {
                type: 'rejected',
                params: ({ context, event }) => ({
                  clientId: context.clientId,
                  reason: event.output.error ?? `HTTP ${event.output.outcome.kind === 'answered' ? event.output.outcome.status : ''}`,
                  status: event.output.outcome.kind === 'answered' ? event.output.outcome.status : null,
                }),
              },
            ],
          },
          { target: 'retrying', actions: { type: 'settle', params: ({ event }) => event.output } },
        ],
        // A sender that threw anyway counts as no answer, at the time the attempt started.
        onError: {
          target: 'retrying',
          actions: {
            type: 'settle',
            params: ({ context, event }) => {
              const error = event.error instanceof Error ? event.error.message : String(event.error)
              return { outcome: { kind: 'no-answer', error }, at: context.clock }
            },
          },
        },
      },
    },
    retrying: {
      on: {
        'outbox.send': { target: 'sending', actions: { type: 'setClock', params: ({ event }) => event } },
        'outbox.tick': [
          { guard: { type: 'due', params: ({ event }) => event }, target: 'sending', actions: { type: 'setClock', params: ({ event }) => event } },
          { actions: { type: 'setClock', params: ({ event }) => event } },
        ],
      },
    },
    acknowledged: { type: 'final' },
    rejected: { type: 'final' },
  },
})
