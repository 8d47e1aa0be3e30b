import { assign, fromPromise, setup } from 'xstate'
import type { Login, User } from '../src/domain/account.ts'
import { failureOf } from './failure.ts'
import type { AuthEvent, SessionAnswer, SignInFailure } from './auth.events.ts'

export type { AuthEvent, SessionAnswer, SignInFailure } from './auth.events.ts'

export interface AuthContext {
  /** The signed-in customer (or, offline, the one the device last knew); null when logged out. */
  user: User | null
  /** Why the last sign-in failed; cleared by the next attempt. */
  failure: SignInFailure | null
}

/** `ask`: the server must be asked even when the device knows no customer (a social sign-in came back). */
export interface CheckInput {
  ask: boolean
}

const customerOf = (answer: SessionAnswer): User | null => (answer.status === 'customer' ? answer.user : null)
const askedAtOf = (answer: SessionAnswer): { askedAt?: number } =>
  answer.status === 'customer' && answer.askedAt !== undefined ? { askedAt: answer.askedAt } : {}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the defaults answer as a server with nobody signed in.
    checkSession: fromPromise<SessionAnswer, CheckInput>(async () => ({ status: 'anonymous' })),
    /** The customer the event log last knew; asked only when the server cannot be reached. */
    recallCustomer: fromPromise<User | null>(async () => null),
    signIn: fromPromise<User, Login>(async () => {
      throw new Error('signIn is not provided')
    }),
    signOut: fromPromise<void>(async () => {}),
  },
  actions: {
    /** Records the signed-in customer on the device (a fact) and tells the other tabs. */
    remember: (_, _params: { user: User; askedAt?: number }) => {},
    /** Records that nobody is signed in on the device any more. */
    forget: () => {},
    /** Logout only, once it is recorded: drops every per-customer cache and tells the other tabs. */
    clearCustomerData: () => {},
    setUser: assign({ user: (_, params: { user: User | null }) => params.user }),
    setFailure: assign({ failure: (_, params: { failure: SignInFailure | null }) => params.failure }),
  },
}).createMachine({
  id: 'auth',
  context: { user: null, failure: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'checkSession',
        input: ({ event }): CheckInput => ({ ask: event.type === 'auth.recheck' }),
        onDone: [
          {
            guard: ({ event }) => customerOf(event.output) !== null,
            target: 'loggedIn',
            actions: [
              { type: 'setUser', params: ({ event }) => ({ user: customerOf(event.output) }) },
              { type: 'remember', params: ({ event }) => ({ user: customerOf(event.output) as User, ...askedAtOf(event.output) }) },
            ],
          },
          // The server answered: nobody is signed in (a session may have expired), so the device forgets too.
          { target: 'loggedOut', actions: [{ type: 'setUser', params: { user: null } }, 'forget'] },
        ],
        // No answer (offline, or the server is down): fall back to what the device knows.
        onError: { target: 'recalling' },
      },
    },
    recalling: {
      invoke: {
        src: 'recallCustomer',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'loggedInOffline',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
          },
          { target: 'loggedOut', actions: { type: 'setUser', params: { user: null } } },
        ],
        onError: { target: 'loggedOut', actions: { type: 'setUser', params: { user: null } } },
      },
    },
    loggedOut: {
      on: {
        'auth.signIn': { target: 'signingIn' },
        'auth.signedIn': {
          target: 'loggedIn',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'remember', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'auth.recheck': { target: 'checking' },
      },
    },
    signingIn: {
      entry: { type: 'setFailure', params: { failure: null } },
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          const { email, password } = event as Extract<AuthEvent, { type: 'auth.signIn' }>
          return { email, password }
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'remember', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    loggedIn: {
      on: {
        'auth.signOut': { target: 'signingOut' },
        // A fresher profile, or another customer signed in in another tab.
        'auth.signedIn': {
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'remember', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'auth.signedOutElsewhere': { target: 'loggedOut', actions: { type: 'setUser', params: { user: null } } },
      },
    },
    loggedInOffline: {
      on: {
        'auth.recheck': { target: 'checking' },
        'auth.signOut': { target: 'signingOut' },
        'auth.signedIn': {
          target: 'loggedIn',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'remember', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'auth.signedOutElsewhere': { target: 'loggedOut', actions: { type: 'setUser', params: { user: null } } },
      },
    },
    signingOut: {
      // The device records the whole logout at once (signOut: the sign-out fact, the emptied cart and the queued
      // request in one write), without waiting for the network; only then is it announced and the caches dropped,
      // so a tab closed half-way leaves the customer either signed in with everything, or signed out with nothing.
      invoke: {
        src: 'signOut',
        onDone: { target: 'loggedOut', actions: [{ type: 'setUser', params: { user: null } }, 'clearCustomerData'] },
        onError: { target: 'loggedOut', actions: [{ type: 'setUser', params: { user: null } }, 'clearCustomerData'] },
      },
    },
  },
})
