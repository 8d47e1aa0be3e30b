import { fromPromise } from 'xstate'
import { outboxMachine, type DrainInput, type DrainReport } from '../../machines/outbox.machine.ts'
import type { OutboxKind } from './kind.ts'
import { drainOutbox } from './sender.ts'

/** A drain is over: the asks up to `upTo` are served, with what became of each kind's writes. */
export type Drained = (report: { upTo: number; outcomes: DrainReport['outcomes'] }) => void

/** The outbox machine with the page's effects: its drains run the one sender over `kinds`, each kind telling its own news. */
export function provideOutbox(kinds: readonly OutboxKind[], drained: Drained) {
  return outboxMachine.provide({
    actors: {
      drain: fromPromise<DrainReport, DrainInput>(async ({ input }) => {
        const { outcomes, wakeAt } = await drainOutbox(kinds, { force: input.force, only: input.kinds, signedIn: input.signedIn })
        for (const kind of kinds) kind.announce?.(outcomes[kind.kind] ?? [], input.signedIn)
        return { outcomes, waitMs: wakeAt === null ? null : Math.max(0, wakeAt - Date.now()) }
      }),
    },
    actions: {
      drained: (_, report) => drained(report),
    },
  })
}
