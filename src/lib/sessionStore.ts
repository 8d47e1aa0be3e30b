import { createContext, useContext } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { authMachine } from '../../machines/auth.machine.ts'
import type { SignInFailure } from '../../machines/auth.events.ts'
import type { Login, User } from '../domain/account.ts'
import { actorStore, useActorStore, type ActorStore, type Running } from './actorStore.ts'
import { serviceHook } from './serviceContext.ts'

/** Who is using the app, as the auth actor knows it; `offline` when shown from the device's memory. */
export type Customer = User

export type Session = { status: 'checking' } | { status: 'anonymous' } | SignedIn

/** A signed-in customer's session, as the pages behind the sign-in guard see it. */
export type SignedIn = { status: 'customer'; customer: Customer; offline: boolean }

export type AuthActor = ActorRefFrom<typeof authMachine>

// Until the auth actor answers; also what a page rendered on the server shows.
const CHECKING: Session = { status: 'checking' }

/** What the auth actor's state means for the screens. */
export function sessionOf(snapshot: SnapshotFrom<typeof authMachine>): Session {
  const user = snapshot.context.user
  // Signing out counts as not known yet: guarded pages leave only once the logout is held on the device.
  if (snapshot.matches('signingOut')) return CHECKING
  if (snapshot.matches('checking') || snapshot.matches('recalling')) {
    // Checked again from the offline view: the customer stays on screen until the server answers, so nothing
    // under the customer's finger (an open account menu, a form) is taken away by the check.
    return user ? { status: 'customer', customer: user, offline: true } : CHECKING
  }
  if (user && snapshot.matches('loggedIn')) return { status: 'customer', customer: user, offline: false }
  if (user && snapshot.matches('loggedInOffline')) return { status: 'customer', customer: user, offline: true }
  return { status: 'anonymous' }
}

/** The session as the auth actor decides it; what the pages and the sign-in guard read. */
export type SessionStore = ActorStore<AuthActor, Session>

/** The session of an auth actor that `load` starts (the account area's, loaded after the first paint, or a test's). */
export function sessionStore(load: () => Promise<Running<AuthActor>>): SessionStore {
  return actorStore({ load, view: sessionOf, initial: CHECKING, equal: (a, b) => JSON.stringify(a) === JSON.stringify(b) })
}

/** Resolves once it is known whether a customer is signed in (the guard waits on this). */
export function whenSessionKnown(session: SessionStore): Promise<Session> {
  return session.when((known) => known.status !== 'checking')
}

/** The app's auth service (built by src/app/services.ts): the session, and the intents that change it. */
export interface Auth {
  readonly session: SessionStore
  /** Signs in with email and password; resolves with the customer, or the failure to show. */
  signIn(credentials: Login): Promise<{ user: User } | { failure: SignInFailure }>
  /** Logs out: resolves once the device has forgotten the customer and queued the logout. */
  signOut(): Promise<void>
  /** The server already signed this customer in (a new account, a new password): the app follows. */
  adoptCustomer(user: User): Promise<void>
  /** Asks the server again (after a social sign-in returned); resolves with the answer. */
  recheckSession(): Promise<Session>
}

/** The app's auth service, for a screen. */
export const useAuth = serviceHook<Auth>('auth')

export function useSession(): Session {
  return useActorStore(useAuth().session)
}

/** Given by the sign-in guard (src/routes/_customer.tsx) to the pages behind it; it follows the session while a page is open. */
export const SignedInContext = createContext<SignedIn | null>(null)

/** The signed-in customer of a page behind the sign-in guard. */
export function useCustomer(): SignedIn {
  const signedIn = useContext(SignedInContext)
  if (!signedIn) throw new Error('useCustomer() is only for the pages behind the sign-in guard')
  return signedIn
}
