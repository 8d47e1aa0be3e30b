import { fromPromise } from 'xstate'
import { outboxMachine, type DrainInput, type DrainReport } from '../../machines/outbox.machine.ts'
import type { OutboxKind } from './kind.ts'
import type { DrainOptions, DrainResult } from './sender.ts'

/** A drain is over: the asks up to `upTo` are served, with what became of each kind's writes. */
export type Drained = (report: { upTo: number; outcomes: DrainReport['outcomes'] }) => void

/** What the outbox's effects touch: the app passes the one sender over the device's outbox (outboxActor.ts), the lab its pretend outbox. */
export interface OutboxPorts {
  /** Every kind of queued write, each telling its own news. */
  kinds: readonly OutboxKind[]
  /** Sends what is due of `kinds` once (src/outbox/sender.ts's drainOutbox in the app). */
  drain: (kinds: readonly OutboxKind[], options: DrainOptions) => Promise<DrainResult<unknown>>
  /** The time now, in ms since the epoch: how long until the next wake-up. */
  now: () => number
  drained: Drained
}

/** The outbox machine with its effects: its drains run the sender over `kinds`, each kind telling its own news. */
export function provideOutbox({ kinds, drain, now, drained }: OutboxPorts) {
  return outboxMachine.provide({
    actors: {
      drain: fromPromise<DrainReport, DrainInput>(async ({ input }) => {
        const { outcomes, wakeAt } = await drain(kinds, { force: input.force, only: input.kinds, signedIn: input.signedIn })
        for (const kind of kinds) kind.announce?.(outcomes[kind.kind] ?? [], input.signedIn)
        return { outcomes, waitMs: wakeAt === null ? null : Math.max(0, wakeAt - now()) }
      }),
    },
    actions: {
      drained: (_, report) => drained(report),
    },
  })
}
