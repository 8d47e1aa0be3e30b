import type { OutboxKind } from './kind.ts'
import type { RunningOutbox } from './outboxActor.ts'

// The outbox machine (and xstate) loads after the first paint, or at the first write queued before that.
let running: Promise<RunningOutbox> | undefined
let loadKinds: () => Promise<readonly OutboxKind[]> = async () => []

/** The app names every kind of queued write at boot (src/app/outboxKinds.ts), before anything can be queued. */
export function configureOutbox(kinds: () => Promise<readonly OutboxKind[]>): void {
  loadKinds = kinds
}

/** Starts the one outbox actor (later calls return it): it sends what an earlier visit left, then follows the session and the connection. */
export function startOutboxInBackground(): Promise<RunningOutbox> {
  running ??= Promise.all([import('./outboxActor.ts'), loadKinds()]).then(
    ([mod, kinds]) => mod.startOutbox(kinds),
    (error: unknown) => {
      // A chunk that did not load (offline before the worker cached it) is asked for again next time.
      running = undefined
      throw error
    },
  )
  return running
}

/** Sends the queued writes of `kind` now (a write was just queued); resolves with what became of them, as the kind reports it. */
export async function sendNow<O>(kind: string): Promise<O[]> {
  return (await (await startOutboxInBackground()).sendNow(kind)) as O[]
}
