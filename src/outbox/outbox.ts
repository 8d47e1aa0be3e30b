import type { OutboxPort } from '../lib/ports.ts'
import { serviceHook } from '../lib/serviceContext.ts'
import type { OutboxKindEntry } from './kind.ts'
import type { RunningOutbox, SessionSource } from './outboxActor.ts'

/** The app's outbox (built by src/app/services.ts): queued writes go out through it. */
export interface Outbox extends OutboxPort {
  /** Starts the one outbox actor (later calls return it): it sends what an earlier visit left, then follows the session and the connection. */
  start(): Promise<RunningOutbox>
  /** Sends the queued writes of `kind` now (a write was just queued); resolves with what became of them, as the kind reports it. */
  sendNow<O>(kind: string): Promise<O[]>
}

/** What the outbox is built from: every kind of queued write (src/app/outboxKinds.ts in the app), and whose session it follows (read when it starts). */
export interface OutboxDeps {
  kinds: () => Promise<readonly OutboxKindEntry[]>
  session: () => SessionSource
}

/** The outbox; its machine (and xstate) loads after the first paint, or at the first write queued before that. */
export function createOutbox({ kinds, session }: OutboxDeps): Outbox {
  let running: Promise<RunningOutbox> | undefined
  const start = (): Promise<RunningOutbox> => {
    running ??= Promise.all([import('./outboxActor.ts'), kinds()]).then(
      ([mod, loaded]) => mod.startOutbox(loaded, session()),
      (error: unknown) => {
        // A chunk that did not load (offline before the worker cached it) is asked for again next time.
        running = undefined
        throw error
      },
    )
    return running
  }
  return {
    start,
    sendNow: async <O>(kind: string) => (await (await start()).sendNow(kind)) as O[],
  }
}

/** The app's outbox, for a screen that queues a write. */
export const useOutbox = serviceHook<Outbox>('outbox')
