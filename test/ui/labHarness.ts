import { waitFor, type EventObject } from 'xstate'
import type { Fact } from '../../src/domain/events.ts'
import { StoreDb } from '../../src/store/db.ts'
import { commit } from '../../src/store/commit.ts'
import type { EffectMode, LabMachine } from '../../src/devtools/lab/labMachine.ts'
import { LabRun } from '../../src/devtools/lab/labRun.ts'
import type { Json } from '../../src/devtools/lab/json.ts'

/** A lab run on a fresh lab database (fake-indexeddb), with no delay in its fakes, counting what it commits. */
export function labRun(lab: LabMachine, mode: EffectMode, input?: Json) {
  const db = new StoreDb(`lab-test-${Math.random().toString(36).slice(2)}`)
  const committed: Fact[] = []
  const options = {
    db: () => db.open().then(() => db),
    commit: async (fact: Fact) => {
      committed.push(fact)
      await commit(fact, { db })
    },
  }
  const run = new LabRun(lab, { ...options, mode, ...(input === undefined ? {} : { input }) })
  return { run, db, committed, options }
}

/** Resolves once the run's view satisfies `done` (effects answer on later ticks). */
export async function until(run: LabRun, done: (run: LabRun) => boolean, timeout = 2000): Promise<void> {
  const started = Date.now()
  while (!done(run)) {
    if (Date.now() - started > timeout) throw new Error(`timed out; at ${JSON.stringify(run.getSnapshot().snapshot.value)}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export const at = (run: LabRun) => run.getSnapshot().snapshot.value

export const send = (run: LabRun, event: EventObject) => run.send(event)

export { waitFor }
