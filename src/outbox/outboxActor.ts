import { createActor, type ActorRefFrom } from 'xstate'
import type { outboxMachine, SignedIn } from '../../machines/outbox.machine.ts'
import { onConnectionReturned } from '../lib/connection.ts'
import type { Session } from '../lib/sessionStore.ts'
import type { OutboxKindEntry } from './kind.ts'
import { provideOutbox } from './outboxEffects.ts'
import { drainOutbox } from './sender.ts'

export type OutboxActor = ActorRefFrom<typeof outboxMachine>

export interface RunningOutbox {
  actor: OutboxActor
  /** Sends the writes of `kind` now; resolves with what became of them (also of those another drain sent meanwhile). */
  sendNow: (kind: string) => Promise<unknown[]>
  stop: () => void
}

/** Where the outbox learns who is signed in: the app's session (src/app/services.ts), or a test's. */
export interface SessionSource {
  get: () => Session
  subscribe: (listener: () => void) => () => void
}

/** Who is signed in, as the outbox hears it; unchanged while the session is being checked. */
const signedInOf = (session: Session): SignedIn => (session.status === 'customer' ? session.customer.id : session.status === 'anonymous' ? null : undefined)

interface Waiter {
  /** The ask it waits on; served by the first drain that began after it. */
  ticket: number
  kind: string
  outcomes: unknown[]
  resolve: (outcomes: unknown[]) => void
}

/**
 * Starts the outbox machine in the page: its drains run the one sender over `kinds`, and it hears the session and
 * the returning connection. Each drain's news is told by the kinds themselves (toasts).
 */
export function startOutbox(kinds: readonly OutboxKindEntry[], session: SessionSource): RunningOutbox {
  const waiters = new Set<Waiter>()
  const actor: OutboxActor = createActor(
    provideOutbox({
      kinds,
      drain: drainOutbox,
      now: Date.now,
      drained: ({ upTo, outcomes }) => {
        for (const waiter of waiters) {
          waiter.outcomes.push(...(outcomes[waiter.kind] ?? []))
          if (waiter.ticket > upTo) continue
          waiters.delete(waiter)
          waiter.resolve(waiter.outcomes)
        }
      },
    }),
    { input: { signedIn: signedInOf(session.get()) } },
  )
  const following = [
    onConnectionReturned(() => actor.send({ type: 'outbox.connected' })),
    session.subscribe(() => {
      const signedIn = signedInOf(session.get())
      if (signedIn === null) actor.send({ type: 'outbox.signedOut' })
      else if (signedIn !== undefined) actor.send({ type: 'outbox.signedIn', customerId: signedIn })
    }),
  ]
  actor.start()
  actor.send({ type: 'outbox.started' })
  return {
    actor,
    sendNow: (kind) =>
      new Promise((resolve) => {
        actor.send({ type: 'outbox.queued', kind })
        waiters.add({ ticket: actor.getSnapshot().context.asked, kind, outcomes: [], resolve })
      }),
    stop: () => {
      for (const stop of following) stop()
      actor.stop()
    },
  }
}
