import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { outboxMachine, type DrainInput, type DrainReport, type OutboxInput } from '../../machines/outbox.machine.ts'
import { BACKOFF_START_MS } from '../../src/outbox/lifecycle.ts'

const ORDER = 'order.create'
const SUPPORT = 'support.message'
const LOGOUT = 'auth.logout'

interface Drain {
  input: DrainInput
  answer: (report: Partial<DrainReport>) => void
  fail: (error: Error) => void
}

/** The outbox machine with a drain effect the test answers by hand, on a simulated clock; it records what callers hear. */
function outbox(input?: OutboxInput) {
  const drains: Drain[] = []
  const drained: { upTo: number; outcomes: DrainReport['outcomes'] }[] = []
  const clock = new SimulatedClock()
  const actor = createActor(
    outboxMachine.provide({
      actors: {
        drain: fromPromise<DrainReport, DrainInput>(
          ({ input }) =>
            new Promise((resolve, reject) => drains.push({ input, answer: (report) => resolve({ outcomes: {}, waitMs: null, ...report }), fail: reject })),
        ),
      },
      actions: { drained: (_, params) => void drained.push(params) },
    }),
    { clock, ...(input && { input }) },
  ).start()
  const last = () => drains.at(-1)!
  /** Answers the running drain and waits until the machine has moved on. */
  const finish = async (report: Partial<DrainReport> = {}) => {
    const count = drained.length
    last().answer(report)
    await waitFor(actor, () => drained.length > count)
  }
  const failDrain = async () => {
    const count = drained.length
    last().fail(new Error('The database is closed'))
    await waitFor(actor, () => drained.length > count)
  }
  return { actor, drains, drained, clock, last, finish, failDrain, state: () => actor.getSnapshot().value }
}

describe('the outbox machine', () => {
  it('rests until the app starts, then drains every kind at once as whoever is signed in, and rests again', async () => {
    const o = outbox({ signedIn: 7 })
    expect(o.state()).toBe('idle')
    expect(o.drains).toEqual([])
    o.actor.send({ type: 'outbox.started' })
    expect(o.state()).toBe('draining')
    expect(o.last().input).toEqual({ force: true, kinds: null, signedIn: 7 })
    await o.finish({ outcomes: { [ORDER]: [{ clientId: 'a', kind: 'sent' }] } })
    expect(o.state()).toBe('idle')
    expect(o.drained).toEqual([{ upTo: 1, outcomes: { [ORDER]: [{ clientId: 'a', kind: 'sent' }] } }])
    expect(o.drains).toHaveLength(1)
  })

  it('keeps what is asked while a drain runs and sends it in one drain right after, never two at once', async () => {
    const o = outbox({ signedIn: 7 })
    o.actor.send({ type: 'outbox.queued', kind: ORDER })
    expect(o.last().input).toEqual({ force: true, kinds: [ORDER], signedIn: 7 })
    o.actor.send({ type: 'outbox.queued', kind: SUPPORT })
    o.actor.send({ type: 'outbox.queued', kind: ORDER })
    o.actor.send({ type: 'outbox.queued', kind: LOGOUT })
    expect(o.drains).toHaveLength(1)
    await o.finish()
    expect(o.state()).toBe('draining')
    expect(o.drains).toHaveLength(2)
    expect(o.last().input).toEqual({ force: true, kinds: [SUPPORT, ORDER, LOGOUT], signedIn: 7 })
    // The first drain served the first ask only; the second serves the three asked meanwhile.
    expect(o.drained.map((d) => d.upTo)).toEqual([1])
    await o.finish()
    expect(o.drained.map((d) => d.upTo)).toEqual([1, 4])
    expect(o.state()).toBe('idle')
  })

  it('a connection coming back while one kind drains widens the next drain to every kind', async () => {
    const o = outbox({ signedIn: null })
    o.actor.send({ type: 'outbox.queued', kind: LOGOUT })
    o.actor.send({ type: 'outbox.queued', kind: SUPPORT })
    o.actor.send({ type: 'outbox.connected' })
    await o.finish()
    expect(o.last().input).toEqual({ force: true, kinds: null, signedIn: null })
  })

  it('wakes when the earliest waiting write is due and sends only what is due', async () => {
    const o = outbox({ signedIn: 7 })
    o.actor.send({ type: 'outbox.started' })
    await o.finish({ waitMs: 60_000 })
    expect(o.state()).toBe('waiting')
    o.clock.increment(59_999)
    expect(o.drains).toHaveLength(1)
    o.clock.increment(1)
    expect(o.state()).toBe('draining')
    expect(o.last().input).toEqual({ force: false, kinds: null, signedIn: 7 })
    await o.finish()
    expect(o.state()).toBe('idle')
  })

  it('does not wait for the timer when the connection returns or a write is queued', async () => {
    const o = outbox({ signedIn: 7 })
    o.actor.send({ type: 'outbox.started' })
    await o.finish({ waitMs: 60_000 })
    o.actor.send({ type: 'outbox.connected' })
    expect(o.last().input).toEqual({ force: true, kinds: null, signedIn: 7 })
    await o.finish({ waitMs: 30_000 })
    // The new wait replaces the old one.
    o.clock.increment(30_000)
    expect(o.drains).toHaveLength(3)
    expect(o.last().input.force).toBe(false)
  })

  it('sends as each new customer signs in, and as nobody once signed out; the same session again changes nothing', async () => {
    const o = outbox()
    o.actor.send({ type: 'outbox.started' })
    // The session is not known yet: only writes that may go without one (logouts) can go.
    expect(o.last().input.signedIn).toBeUndefined()
    await o.finish()
    o.actor.send({ type: 'outbox.signedIn', customerId: 7 })
    expect(o.last().input).toEqual({ force: true, kinds: null, signedIn: 7 })
    await o.finish()
    o.actor.send({ type: 'outbox.signedIn', customerId: 7 })
    expect(o.state()).toBe('idle')
    o.actor.send({ type: 'outbox.signedOut' })
    expect(o.last().input.signedIn).toBeNull()
    // Signed in as someone else while that drain runs: the next drain goes under the new session.
    o.actor.send({ type: 'outbox.signedIn', customerId: 8 })
    await o.finish()
    expect(o.last().input).toEqual({ force: true, kinds: null, signedIn: 8 })
    await o.finish()
    o.actor.send({ type: 'outbox.signedOut' })
    o.actor.send({ type: 'outbox.signedOut' })
    await o.finish()
    expect(o.drains.map((d) => d.input.signedIn)).toEqual([undefined, 7, null, 8, null])
  })

  it('tries a failed drain again after the outbox backoff, and its callers still hear that it is over', async () => {
    const o = outbox({ signedIn: 7 })
    o.actor.send({ type: 'outbox.queued', kind: ORDER })
    await o.failDrain()
    expect(o.drained).toEqual([{ upTo: 1, outcomes: {} }])
    expect(o.state()).toBe('waiting')
    expect(o.actor.getSnapshot().context.waitMs).toBe(BACKOFF_START_MS)
    o.clock.increment(BACKOFF_START_MS)
    await o.failDrain()
    expect(o.actor.getSnapshot().context.waitMs).toBe(2 * BACKOFF_START_MS)
    o.clock.increment(2 * BACKOFF_START_MS)
    await o.finish()
    expect(o.state()).toBe('idle')
    expect(o.actor.getSnapshot().context.failures).toBe(0)
  })
})
