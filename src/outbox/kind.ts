import type * as v from 'valibot'
import type { SignedIn } from '../../machines/outbox.events.ts'
import type { Fact } from '../domain/events.ts'
import type { OutboxRow } from '../store/rows.ts'

export type { SignedIn } from '../../machines/outbox.events.ts'

/** What one attempt to send came back with. */
export type Answer<A, F> =
  /** The server took it (2xx), with what it answered. */
  | { kind: 'accepted'; body: A }
  /** Any other answer; the outbox lifecycle tells "not now" (5xx, 429, ...) from "never". `error` is kept as the row's last error. */
  | { kind: 'refused'; status: number; error: string; body?: F; retryAfterMs?: number | null }
  | { kind: 'no-answer'; error: string }

/** A final refusal: by the server, or by the device when the stored request no longer reads (it is never sent). */
export interface Refusal<F> {
  status: number
  error: string
  body?: F
  onDevice: boolean
}

/** What the device writes with a final answer, in the row's own transaction; `after` runs once that is written. */
export interface Settlement {
  fact?: Fact
  /** Fields the row keeps from now on (a sent message forgets its text and keeps its reference). */
  keep?: Partial<Pick<OutboxRow, 'request' | 'answer'>>
  /** The reason a rejected row keeps (its lastError). */
  error?: string
  /** Work that may fail without undoing the answer (a cache). */
  after?: () => Promise<unknown>
}

/** What became of one write in a drain, for the kind to report to its screens. */
export type Settled<A, F> = { row: OutboxRow } & (
  | { status: 'acknowledged'; body: A }
  | { status: 'rejected'; refusal: Refusal<F>; reason: string }
  | { status: 'retrying'; error: string }
)

/**
 * One kind of queued write (an order, a support message, a logout): everything the outbox needs to send it.
 * The loop, the claim and settle, the retry policy, the lock and the wake-up are the outbox's (src/outbox/);
 * a kind says only what is its own.
 *
 * To add a kind: queue its rows with `commitWithOutbox` or `enqueue` (src/outbox/table.ts) under a new `kind` name,
 * write its entry next to the feature (how to send it, what an acknowledgement or a rejection writes), list the entry
 * in src/app/outboxKinds.ts (with `lazyKind` when a first visit never has one waiting), and call `sendNow(kind)` (src/outbox/outbox.ts) after queueing to send it at once.
 */
export interface OutboxKind<R = unknown, A = unknown, F = unknown, O = unknown> {
  /** The rows' `kind`. */
  readonly kind: string
  /** How a stored request must read to be sent. */
  readonly request: v.GenericSchema<unknown, R>
  /** Whether the row may go with the session of whoever is signed in now; anyone's when absent. */
  mayGo?(row: OutboxRow, signedIn: SignedIn): boolean
  /** Whether the kind's writes must reach the server in the order they were made: a row left waiting holds back the later ones. */
  inOrder?: boolean
  /** Whether a forced drain (started, connection back, queued) may send the row before its wait is over; yes when absent. */
  hurried?(row: OutboxRow): boolean
  /** One attempt (an src/api call); a throw counts as no answer. */
  send(request: R, to: { row: OutboxRow; signedIn: SignedIn }): Promise<Answer<A, F>>
  acknowledged?(row: OutboxRow, body: A): Settlement
  rejected?(row: OutboxRow, refusal: Refusal<F>): Settlement
  /** What the kind's screens learn of one write a drain sent (or refused); the drain reports nothing when absent. */
  report?(settled: Settled<A, F>): O
  /** Tells the customer what a drain did (toasts), once it is over. */
  announce?(outcomes: readonly O[], signedIn: SignedIn): void
}

/**
 * A kind whose code loads only when a write of it is waiting: its name here, the rest in its own chunk, so a
 * first visit (with nothing of it queued) loads none of it. Built by `lazyKind`.
 */
export interface LazyOutboxKind {
  readonly kind: string
  /** The kind itself, loaded once (a chunk that failed to load, offline, is asked for again next time). */
  load(): Promise<OutboxKind>
  /** The kind once loaded, else undefined. */
  loaded(): OutboxKind | undefined
}

/** An entry of the app's list of kinds (src/app/outboxKinds.ts): the kind itself, or one loaded when needed. */
export type OutboxKindEntry<O = unknown> = OutboxKind<unknown, unknown, unknown, O> | LazyOutboxKind

/** A kind loaded by `load` the first time a write of it waits; the loaded kind must carry the same name. */
export function lazyKind(kind: string, load: () => Promise<OutboxKind>): LazyOutboxKind {
  let loading: Promise<OutboxKind> | undefined
  let loaded: OutboxKind | undefined
  return {
    kind,
    loaded: () => loaded,
    load: () => {
      loading ??= load().then(
        (entry) => {
          if (entry.kind !== kind) throw new Error(`The outbox kind loaded for ${kind} is named ${entry.kind}`)
          loaded = entry
          return entry
        },
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}

const isLazy = (entry: OutboxKindEntry): entry is LazyOutboxKind => 'load' in entry

/** The kind of an entry, loading it when it is a lazy one. */
export const kindOf = (entry: OutboxKindEntry): Promise<OutboxKind> => (isLazy(entry) ? entry.load() : Promise.resolve(entry))

/** The kind of an entry when its code is here already (a lazy one not yet loaded has nothing to say). */
export const kindIfLoaded = (entry: OutboxKindEntry): OutboxKind | undefined => (isLazy(entry) ? entry.loaded() : entry)
