import { describe, expect, it } from 'vitest'
import { initialTransition, transition, type EventObject } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import { authMachine } from '../../machines/auth.machine.ts'
import { customer } from './authHarness.ts'

/**
 * Model-based tests: xstate/graph walks the auth machine with every event a state can meet (the UI's intents
 * and each invoked effect answering or failing), and every path is replayed with the pure transition API,
 * checking the state, the context and the facts (remember / forget) each step writes.
 */

type Snapshot = ReturnType<typeof authMachine.transition>
const user = customer()

// Each invoked effect answers for itself (done) or fails (error); the graph meets both in every state that invokes.
const done = (state: string, output: unknown) => ({ type: `xstate.done.actor.0.auth.${state}`, output }) as unknown as EventObject
const failed = (state: string) => ({ type: `xstate.error.actor.0.auth.${state}`, error: Object.assign(new Error('Incorrect'), { status: 401 }) }) as unknown as EventObject

const effectAnswers: Record<string, EventObject[]> = {
  checking: [done('checking', { status: 'customer', user }), done('checking', { status: 'anonymous' }), failed('checking')],
  recalling: [done('recalling', user), done('recalling', null), failed('recalling')],
  signingIn: [done('signingIn', user), failed('signingIn')],
  signingOut: [done('signingOut', undefined), failed('signingOut')],
}
const intents: EventObject[] = [
  { type: 'auth.signIn', email: user.email, password: 'Secret#123' } as EventObject,
  { type: 'auth.signOut' },
  { type: 'auth.signedIn', user } as EventObject,
  { type: 'auth.signedOutElsewhere' },
  { type: 'auth.recheck' },
]
const events = (snapshot: Snapshot) => [...intents, ...(effectAnswers[String(snapshot.value)] ?? [])] as never[]

const allStates = Object.keys(authMachine.root.states)

/** The facts a step writes on the device: a sign-in remembered, a sign-out forgotten. */
const factsOf = (actions: { type: string }[]) => actions.map((a) => a.type).filter((type) => type === 'remember' || type === 'forget')

/** What each state must accept; a state that ignores one of these fails (no silent dead ends). */
const mustAccept: Record<string, string[]> = {
  checking: [],
  recalling: [],
  loggedOut: ['auth.signIn', 'auth.signedIn', 'auth.recheck'],
  signingIn: [],
  loggedIn: ['auth.signOut', 'auth.signedIn', 'auth.signedOutElsewhere'],
  loggedInOffline: ['auth.signOut', 'auth.recheck', 'auth.signedIn', 'auth.signedOutElsewhere'],
  signingOut: [],
}

/** Replays a path from the start with the pure API, checking each step against the graph and the rules of the app. */
function replay(steps: { event: EventObject; state: Snapshot }[]): void {
  let [snapshot] = initialTransition(authMachine)
  for (const step of steps) {
    const before = snapshot
    const [next, actions] = transition(authMachine, snapshot, step.event as never)
    expect(next.value, `${String(before.value)} + ${step.event.type}`).toEqual(step.state.value)
    expect(next.context).toEqual(step.state.context)
    const facts = factsOf(actions as { type: string }[])
    // A customer is on the device exactly when the machine says a customer is signed in.
    if (next.matches('loggedIn')) expect(next.context.user).not.toBeNull()
    if (next.matches('loggedOut') || next.matches('signingOut')) expect(next.context.user === null || next.matches('signingOut')).toBe(true)
    // Every way into loggedIn from elsewhere remembers the customer; leaving for signingOut forgets them.
    if (next.matches('loggedIn') && !before.matches('loggedIn')) expect(facts).toEqual(['remember'])
    if (next.matches('signingOut')) expect(facts).toEqual(['forget'])
    if (next.matches('loggedOut') && before.matches('checking')) expect(facts).toEqual(['forget'])
    // No other step writes a fact, except a fresher profile while signed in.
    if (!next.matches('loggedIn') && !next.matches('signingOut') && !(next.matches('loggedOut') && before.matches('checking'))) expect(facts).toEqual([])
    snapshot = next
  }
}

describe('the auth machine as a model', () => {
  const shortest = getShortestPaths(authMachine, { events })
  const simple = getSimplePaths(authMachine, { events })

  it('reaches every state by a shortest path', () => {
    const reached = new Set(shortest.map((p) => String(p.state.value)))
    expect([...reached].sort()).toEqual([...allStates].sort())
  })

  it('replays each shortest path with the state, context and facts the graph and the rules expect', () => {
    for (const path of shortest) replay(path.steps as never)
  })

  it('replays every simple path, so every transition is taken at least once', () => {
    expect(simple.length).toBeGreaterThan(allStates.length)
    const taken = new Set<string>()
    for (const path of simple) {
      replay(path.steps as never)
      let previous = String(initialTransition(authMachine)[0].value)
      for (const step of path.steps) {
        taken.add(`${previous} -> ${String(step.state.value)}`)
        previous = String(step.state.value)
      }
    }
    // The transitions of the machine's definition, read from its state nodes.
    for (const node of Object.values(authMachine.root.states)) {
      for (const list of node.transitions.values()) {
        for (const t of list) {
          // A transition without a target stays put: simple paths never revisit a state, the next test covers it.
          const target = t.target?.[0]?.key
          if (target) expect(taken, `${node.key} -> ${target}`).toContain(`${node.key} -> ${target}`)
        }
      }
    }
  })

  it('takes a fresher profile while signed in: same state, the new customer remembered', () => {
    const signedIn = shortest.find((p) => p.state.matches('loggedIn'))!.state
    const fresher = { ...user, first_name: 'Thandeka' }
    const [next, actions] = transition(authMachine, signedIn, { type: 'auth.signedIn', user: fresher })
    expect(next.value).toBe('loggedIn')
    expect(next.context.user).toEqual(fresher)
    expect(factsOf(actions as { type: string }[])).toEqual(['remember'])
  })

  it('accepts in each state the events the app sends there', () => {
    for (const path of shortest) {
      const state = String(path.state.value)
      for (const type of mustAccept[state] ?? []) {
        const event = intents.find((e) => e.type === type)!
        expect(path.state.can(event as never), `${state} accepts ${type}`).toBe(true)
      }
    }
  })
})
