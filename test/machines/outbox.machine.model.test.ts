import { describe, expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { backoffMs } from '../../src/outbox/lifecycle.ts'
import { EVERY_KIND_NOW, outboxMachine, type DrainReport, type DrainRequest, type OutboxContext } from '../../machines/outbox.machine.ts'
import { done, failed, machineModel, modelTests, type Step } from './model.ts'

/**
 * The outbox machine as a model: xstate/graph walks it with every event the page sends (the app started, the
 * connection back, writes of several kinds queued, customers signing in and out), each drain answering (nothing
 * waits, a write waits, the drain failed) and the wake-up firing, and every path is replayed with the pure API.
 * Each step must keep the rules: no ask is ever lost, each ask is served by exactly one drain that began after it,
 * one drain at a time, and a drain goes under the session known when it began.
 */

const ORDER = 'order.create'
const SUPPORT = 'support.message'
const outcomes = { [ORDER]: [{ clientId: 'c1', kind: 'sent' }], [SUPPORT]: [] }

const wakeUp = { type: 'xstate.after.untilDue.outbox.waiting' } as EventObject
const intents: EventObject[] = [
  { type: 'outbox.started' },
  { type: 'outbox.connected' },
  { type: 'outbox.queued', kind: ORDER } as EventObject,
  { type: 'outbox.queued', kind: SUPPORT } as EventObject,
  { type: 'outbox.signedIn', customerId: 7 } as EventObject,
  { type: 'outbox.signedIn', customerId: 8 } as EventObject,
  { type: 'outbox.signedOut' },
]
const drainAnswers: EventObject[] = [
  done('outbox', 'draining', { outcomes, waitMs: null } satisfies DrainReport),
  done('outbox', 'draining', { outcomes: {}, waitMs: 60_000 } satisfies DrainReport),
  failed('outbox', 'draining', new Error('The database is closed')),
]

type Snapshot = AnyMachineSnapshot & { context: OutboxContext }

/** Asks kept for one drain, by the rules: every kind any of them names (all when one names all), forced when any is. */
function kept(waiting: DrainRequest | null, ask: DrainRequest): DrainRequest {
  if (waiting === null) return ask
  const kinds = waiting.kinds && ask.kinds ? [...waiting.kinds, ...ask.kinds.filter((k) => !waiting.kinds!.includes(k))] : null
  return { force: waiting.force || ask.force, kinds }
}

const isDone = (event: EventObject) => event.type.startsWith('xstate.done.actor.')
const isFailure = (event: EventObject) => event.type.startsWith('xstate.error.actor.')

/** What an event asks of the outbox, by the rules; null when it asks nothing. */
function askOf(before: Snapshot, event: EventObject): DrainRequest | null {
  const e = event as EventObject & { kind?: string; customerId?: number }
  if (event.type === 'outbox.started' || event.type === 'outbox.connected') return EVERY_KIND_NOW
  if (event.type === 'outbox.queued') return { force: true, kinds: [e.kind!] }
  if (event.type === 'outbox.signedIn') return before.context.signedIn === e.customerId ? null : EVERY_KIND_NOW
  if (event.type === 'outbox.signedOut') return before.context.signedIn === null ? null : EVERY_KIND_NOW
  if (event.type === wakeUp.type && before.matches('waiting')) return { force: false, kinds: null }
  return null
}

function check({ before: b, event, after: a, effects }: Step<AnyMachineSnapshot>): void {
  const before = b as Snapshot
  const after = a as Snapshot
  const label = `${JSON.stringify(before.value)} + ${event.type}`
  const ask = askOf(before, event)
  const ended = before.matches('draining') && (isDone(event) || isFailure(event))

  // Every ask counts once; nothing else moves the count.
  expect(after.context.asked, label).toBe(before.context.asked + (ask ? 1 : 0))
  // No ask is lost: at rest, none waits unserved.
  if (!after.matches('draining')) expect(after.context.next, label).toBeNull()

  // An ask while a drain runs waits for the next one (merged with the others); otherwise a drain begins at once.
  if (ask && before.matches('draining')) {
    expect(after.matches('draining'), label).toBe(true)
    expect(after.context.current, label).toEqual(before.context.current)
    expect(after.context.next, label).toEqual(kept(before.context.next, ask))
  }
  if (ask && !before.matches('draining')) {
    expect(after.matches('draining'), label).toBe(true)
    expect(after.context.current, label).toEqual(ask)
    expect(after.context.serving, label).toBe(after.context.asked)
  }

  // A drain's end is told once, naming the last ask it served; nothing else tells it.
  const drained = effects.filter((e) => e.type === 'drained')
  const told = isDone(event) ? (event as EventObject & { output: DrainReport }).output.outcomes : {}
  expect(drained, label).toEqual(ended ? [{ type: 'drained', params: { upTo: before.context.serving, outcomes: told } }] : [])

  if (ended && before.context.next !== null) {
    // Asked again meanwhile: the next drain begins at once, serving everything asked so far.
    expect(after.matches('draining'), label).toBe(true)
    expect(after.context.current, label).toEqual(before.context.next)
    expect(after.context.serving, label).toBe(before.context.asked)
  } else if (ended && isFailure(event)) {
    expect(after.matches('waiting'), label).toBe(true)
    expect(after.context.waitMs, label).toBe(backoffMs(before.context.failures + 1))
  } else if (ended) {
    const { waitMs } = (event as EventObject & { output: DrainReport }).output
    expect(after.value, label).toBe(waitMs === null ? 'idle' : 'waiting')
    expect(after.context.waitMs, label).toBe(waitMs)
  }
  if (ended) expect(after.context.failures, label).toBe(isFailure(event) ? before.context.failures + 1 : 0)

  // The session: a change is kept for the drains that begin from now on.
  const e = event as EventObject & { customerId?: number }
  if (event.type === 'outbox.signedIn') expect(after.context.signedIn, label).toBe(e.customerId)
  else if (event.type === 'outbox.signedOut') expect(after.context.signedIn, label).toBeNull()
  else expect(after.context.signedIn, label).toBe(before.context.signedIn)

  // Nothing but a drain's end or an ask moves the machine.
  if (!ask && !ended) expect({ value: after.value, context: after.context }, label).toEqual({ value: before.value, context: before.context })
}

const base = ['outbox.started', 'outbox.connected', 'outbox.queued', 'outbox.signedIn']
/** Every state hears every ask; signing out only when someone may be signed in. */
const asksHeard = (snapshot: AnyMachineSnapshot) => ((snapshot.context as OutboxContext).signedIn === null ? base : [...base, 'outbox.signedOut'])

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as OutboxContext

const model = machineModel({
  machine: outboxMachine,
  inputs: [undefined, { signedIn: 7 }],
  events: [...intents, ...drainAnswers, wakeUp],
  // Three asks and two failures in a row show every rule; more only grow the counters.
  follow: (snapshot) => context(snapshot).asked < 3 && context(snapshot).failures < 2,
  followSimple: (snapshot, event) => context(snapshot).asked < 2 && context(snapshot).failures < 1 && event.type !== 'outbox.signedIn',
  check,
  mustAccept: {
    idle: asksHeard,
    draining: asksHeard,
    waiting: (snapshot) => [...asksHeard(snapshot), wakeUp.type],
  },
})

describe('the outbox machine as a model', () => {
  modelTests(model)
})
