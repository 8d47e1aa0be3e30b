import { fromPromise } from 'xstate'
import { outboxMachine, type DrainInput, type DrainReport } from '../../machines/outbox.machine.ts'
import { kindIfLoaded, type OutboxKindEntry } from './kind.ts'
import type { DrainOptions, DrainResult } from './sender.ts'

/** A drain is over: the asks up to `upTo` are served, with what became of each kind's writes. */
export type Drained = (report: { upTo: number; outcomes: DrainReport['outcomes'] }) => void

/** What the outbox's effects touch: the app passes the one sender over the device's outbox (outboxActor.ts), the lab its pretend outbox. */
export interface OutboxPorts {
  /** Every kind of queued write, each telling its own news. */
  kinds: readonly OutboxKindEntry[]
  /** Sends what is due of `kinds` once (src/outbox/sender.ts's drainOutbox in the app). */
  drain: (kinds: readonly OutboxKindEntry[], options: DrainOptions) => Promise<DrainResult<unknown>>
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
        // A lazy kind the drain did not load sent nothing, so it has nothing to tell.
        for (const entry of kinds) kindIfLoaded(entry)?.announce?.(outcomes[entry.kind] ?? [], input.signedIn)
        return { outcomes, waitMs: wakeAt === null ? null : Math.max(0, wakeAt - now()) }
      }),
    },
    actions: {
      drained: (_, report) => drained(report),
    },
  })
}
