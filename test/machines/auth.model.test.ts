import { describe, expect, it } from 'vitest'
import { transition, type EventObject } from 'xstate'
import { authMachine } from '../../machines/auth.machine.ts'
import { customer } from './authHarness.ts'
import { done, failed, machineModel, modelTests, type Effect, type Step } from './model.ts'

/**
 * Model-based tests: xstate/graph walks the auth machine with every event a state can meet (the UI's intents
 * and each invoked effect answering or failing), and every path is replayed with the pure transition API,
 * checking the state, the context and the facts (remember / forget) each step writes.
 */

const user = customer()
const refused = Object.assign(new Error('Incorrect'), { status: 401 })

const intents: EventObject[] = [
  { type: 'auth.signIn', email: user.email, password: 'Secret#123' } as EventObject,
  { type: 'auth.signOut' },
  { type: 'auth.signedIn', user } as EventObject,
  { type: 'auth.signedOutElsewhere' },
  { type: 'auth.recheck' },
]
// Each invoked effect answers for itself (done) or fails (error).
const effectAnswers: EventObject[] = [
  done('auth', 'checking', { status: 'customer', user }),
  done('auth', 'checking', { status: 'anonymous' }),
  failed('auth', 'checking', refused),
  done('auth', 'recalling', user),
  done('auth', 'recalling', null),
  failed('auth', 'recalling', refused),
  done('auth', 'signingIn', user),
  failed('auth', 'signingIn', refused),
  done('auth', 'signingOut', undefined),
  failed('auth', 'signingOut', refused),
]

/** The facts a step writes on the device: a sign-in remembered, a sign-out forgotten. */
const factsOf = (effects: Effect[]) => effects.map((a) => a.type).filter((type) => type === 'remember' || type === 'forget')

/** The rules of the app every step keeps. */
function check({ before, after: next, effects }: Step<ReturnType<typeof authMachine.transition>>): void {
  const facts = factsOf(effects)
  // A customer is on the device exactly when the machine says a customer is signed in.
  if (next.matches('loggedIn')) expect(next.context.user).not.toBeNull()
  if (next.matches('loggedOut')) expect(next.context.user).toBeNull()
  // Every way into loggedIn from elsewhere remembers the customer; leaving for signingOut forgets them.
  if (next.matches('loggedIn') && !before.matches('loggedIn')) expect(facts).toEqual(['remember'])
  // Entering signingOut writes nothing itself: the invoked signOut records the whole logout in one write, and
  // only once it is over are the caches dropped and the other tabs told.
  if (next.matches('signingOut') && !before.matches('signingOut')) {
    expect(facts).toEqual([])
    expect(effects.map((a) => a.type)).not.toContain('clearCustomerData')
  }
  if (next.matches('loggedOut') && before.matches('signingOut')) expect(effects.map((a) => a.type)).toContain('clearCustomerData')
  if (next.matches('loggedOut') && before.matches('checking')) expect(facts).toEqual(['forget'])
  // No other step writes a fact, except a fresher profile while signed in.
  if (!next.matches('loggedIn') && !next.matches('signingOut') && !(next.matches('loggedOut') && before.matches('checking'))) expect(facts).toEqual([])
  if (next.matches('signingOut') && before.matches('signingOut')) expect(facts).toEqual([])
}

const model = machineModel({
  machine: authMachine,
  events: [...intents, ...effectAnswers],
  check: check as never,
  /** What each state must accept; a state that ignores one of these fails (no silent dead ends). */
  mustAccept: {
    checking: [],
    recalling: [],
    loggedOut: ['auth.signIn', 'auth.signedIn', 'auth.recheck'],
    signingIn: [],
    loggedIn: ['auth.signOut', 'auth.signedIn', 'auth.signedOutElsewhere'],
    loggedInOffline: ['auth.signOut', 'auth.recheck', 'auth.signedIn', 'auth.signedOutElsewhere'],
    signingOut: [],
  },
})

describe('the auth machine as a model', () => {
  const { shortest } = modelTests(model)

  it('takes a fresher profile while signed in: same state, the new customer remembered', () => {
    const signedIn = shortest.map((w) => w.steps.at(-1)?.state).find((s) => s?.matches('loggedIn'))!
    const fresher = { ...user, first_name: 'Thandeka' }
    const [next, actions] = transition(authMachine, signedIn as never, { type: 'auth.signedIn', user: fresher })
    expect(next.value).toBe('loggedIn')
    expect(next.context.user).toEqual(fresher)
    expect(factsOf(actions as Effect[])).toEqual(['remember'])
  })
})
