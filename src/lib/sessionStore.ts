import { createContext, useContext } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { authMachine } from '../../machines/auth.machine.ts'
import type { User } from '../domain/account.ts'
import { actorStore, useActorStore, type Running } from './actorStore.ts'

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

type LoadAuth = () => Promise<Running<AuthActor>>

// The account area says how to start the auth actor (it registers at boot); a session wanted before that waits.
let register!: (load: LoadAuth) => void
const registered = new Promise<LoadAuth>((resolve) => (register = resolve))

/** The account area says how to start the auth actor, which alone decides the session. */
export function onSessionWanted(load: LoadAuth): void {
  register(load)
}

/** The one auth actor, started after the first paint or by the first page that needs to know the session. */
export const auth = actorStore({
  load: () => registered.then((load) => load()),
  view: sessionOf,
  initial: CHECKING,
  equal: (a, b) => JSON.stringify(a) === JSON.stringify(b),
})

/** Resolves once it is known whether a customer is signed in (the guard waits on this). */
export function whenSessionKnown(): Promise<Session> {
  return auth.when((session) => session.status !== 'checking')
}

export const subscribeSession = (listener: () => void): (() => void) => auth.subscribe(listener)

export const getSession = (): Session => auth.get()

export function useSession(): Session {
  return useActorStore(auth)
}

/** Given by the sign-in guard (src/routes/_customer.tsx) to the pages behind it; it follows the session while a page is open. */
export const SignedInContext = createContext<SignedIn | null>(null)

/** The signed-in customer of a page behind the sign-in guard. */
export function useCustomer(): SignedIn {
  const signedIn = useContext(SignedInContext)
  if (!signedIn) throw new Error('useCustomer() is only for the pages behind the sign-in guard')
  return signedIn
}

/** A new device (src/lib/device.ts) has nobody signed in: the session is known without reading the store. */
export const showNewDeviceSession = (): void => auth.presume({ status: 'anonymous' })
