import { describe, expect } from 'vitest'
import { fromTransition, type EventObject } from 'xstate'
import { claim, isDue, settle, type OutboxEntry, type OutboxStatus, type SendOutcome } from '../../src/outbox/lifecycle.ts'
import { expectStep, modelTests, type Edge, type Model, type Step } from '../machines/model.ts'

/**
 * The lifecycle of a queued write (src/outbox/lifecycle.ts) is not an XState machine but pure transitions:
 * a drainer claims an entry that is due (`isDue`, then `claim`), and an attempt's outcome settles it (`settle`).
 * Wrapped as actor logic (fromTransition) it is walked and replayed like the machines: every status reached,
 * every move of the lifecycle taken, each step leaving exactly the entry (the row written) the rules say, and an
 * answered entry (whose fact the store commits with it) never moved again by a late or second outcome.
 */

const T0 = Date.parse('2025-03-01T08:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()

/** A drainer passing by (now, an hour later, or forced by a returning connection), or an attempt's outcome. */
type LifecycleEvent = { type: string; at?: number; force?: boolean; outcome?: SendOutcome; error?: string }
const events: LifecycleEvent[] = [
  { type: 'drain', at: T0 },
  { type: 'drain.later', at: T0 + 3_600_000 },
  { type: 'drain.forced', at: T0, force: true },
  { type: 'answer.2xx', outcome: { kind: 'answered', status: 201 } },
  { type: 'answer.4xx', outcome: { kind: 'answered', status: 422 }, error: 'LTE is no longer available.' },
  { type: 'answer.5xx', outcome: { kind: 'answered', status: 503 } },
  { type: 'answer.429', outcome: { kind: 'answered', status: 429, retryAfterMs: 60_000 } },
  { type: 'answer.none', outcome: { kind: 'no-answer', error: 'Failed to fetch' } },
]

const pending: OutboxEntry = { status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null, customerId: 7 }

/** The lifecycle as the drainers use it: claim what is due, settle with what came back (answers at T0). */
const lifecycle = fromTransition((entry: OutboxEntry, event: LifecycleEvent) => {
  if (event.outcome) return settle(entry, event.outcome, new Date(T0), event.error ?? null)
  return isDue(entry, new Date(event.at!), event.force ?? false) ? claim(entry) : entry
}, pending)

type Snapshot = { context: OutboxEntry }
const answered = (status: OutboxStatus) => status === 'acknowledged' || status === 'rejected'
const open: OutboxStatus[] = ['pending', 'sending', 'retrying']

/** Backoff after a failed attempt, by attempts made: 2 s, 2 s, 4 s, 8 s (written out, not computed). */
const backoff = [2_000, 2_000, 4_000, 8_000]

/** The entry a step must leave. */
function expected(entry: OutboxEntry, event: LifecycleEvent): OutboxEntry {
  if (answered(entry.status)) return entry
  if (!event.outcome) {
    const due = entry.status !== 'retrying' || event.force || event.at! >= Date.parse(entry.nextAttemptAt!)
    return due ? { ...entry, status: 'sending', attempts: entry.attempts + 1, nextAttemptAt: null } : entry
  }
  const { outcome } = event
  if (outcome.kind === 'answered' && outcome.status === 201) return { ...entry, status: 'acknowledged', nextAttemptAt: null, lastError: null }
  if (outcome.kind === 'answered' && outcome.status === 422) return { ...entry, status: 'rejected', nextAttemptAt: null, lastError: event.error! }
  const wait = Math.max(backoff[entry.attempts]!, outcome.kind === 'answered' ? (outcome.retryAfterMs ?? 0) : 0)
  const reason = outcome.kind === 'no-answer' ? outcome.error : `HTTP ${outcome.status}`
  return { ...entry, status: 'retrying', nextAttemptAt: iso(T0 + wait), lastError: reason }
}

function check(step: Step<Snapshot>): void {
  const { before, event, after } = step
  // The lifecycle asks for nothing itself: the row it returns is what the store writes.
  expectStep(step, { context: expected(before.context, event), effects: [] }, `${before.context.status} + ${event.type}`)
  // The entry keeps its owner; an answered one has nothing left to wait for.
  expect(after.context.customerId).toBe(7)
  if (answered(after.context.status)) expect(after.context.nextAttemptAt).toBeNull()
}

/** Every move of the lifecycle, as `from --event--> to`; an entry that changes in any other way fails. */
const moves = new Set(
  open.flatMap((from) => [
    ...(from === 'retrying' ? ['drain.later', 'drain.forced'] : ['drain', 'drain.later', 'drain.forced']).map((e) => `${from} --${e}--> sending`),
    `${from} --answer.2xx--> acknowledged`,
    `${from} --answer.4xx--> rejected`,
    ...['answer.5xx', 'answer.429', 'answer.none'].map((e) => `${from} --${e}--> retrying`),
  ]),
)

function coverage(edges: readonly Edge<Snapshot>[]): void {
  const taken = new Set(edges.filter((e) => e.to.context !== e.from.context).map((e) => `${e.from.context.status} --${e.event.type}--> ${e.to.context.status}`))
  expect([...taken].sort()).toEqual([...moves].sort())
}

/** Claims beyond the third add nothing new (the backoff grows the same way), and keep the graph finite. */
const follow = (snapshot: Snapshot, event: EventObject, claims = 3) => !event.type.startsWith('drain') || snapshot.context.attempts < claims

const model: Model<Snapshot> = {
  logic: lifecycle,
  inputs: [undefined],
  events: () => events,
  follow,
  // Simple paths follow the drainers' own order: an outcome settles the entry they claimed (or refuses a bad request).
  followSimple: (snapshot, event) =>
    follow(snapshot, event, 2) &&
    (!event.type.startsWith('answer') || snapshot.context.status === 'sending' || (snapshot.context.status === 'pending' && event.type === 'answer.4xx')),
  stateOf: (snapshot) => snapshot.context.status,
  states: ['pending', 'sending', 'retrying', 'acknowledged', 'rejected'],
  serialize: (snapshot) => JSON.stringify(snapshot.context),
  check: check as never,
  accepts: (snapshot, event) => lifecycle.transition(snapshot as never, event, {} as never).context !== snapshot.context,
  mustAccept: {
    pending: events.map((e) => e.type),
    // A sending entry found by the next drainer was orphaned by a closed tab: it is claimed again.
    sending: events.map((e) => e.type),
    // Waiting out its backoff: only a later drain, or a returning connection, sends it before then.
    retrying: events.map((e) => e.type).filter((type) => type !== 'drain'),
    acknowledged: [],
    rejected: [],
  },
  coverage,
}

describe('the outbox lifecycle as a model', () => {
  modelTests(model)
})
