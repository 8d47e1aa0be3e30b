import type { Login, User } from '../../../domain/account.ts'
import { auth, getSession, onSessionWanted, type AuthActor, type Session } from '../../../lib/sessionStore.ts'
import type { SignInFailure } from '../../../../machines/auth.events.ts'
import type { AuthCallbacks } from './authActor.ts'

type AuthModule = typeof import('./authActor.ts')

let callbacks: AuthCallbacks = {}

/** What the auth actor tells the app (a logout); set at boot, before the actor starts. */
export function configureAuth(given: AuthCallbacks): void {
  callbacks = given
}

// The auth machine (and xstate) loads right after boot instead of with the first paint's JS.
let loading: Promise<AuthModule> | undefined
const authModule = () => (loading ??= import('./authActor.ts'))

onSessionWanted(() => authModule().then((mod) => mod.startAuth(callbacks)))

/** Starts the one auth actor in the background; calls made before it is ready wait for it. */
export const startAuthInBackground = (): Promise<AuthActor> => auth.start()

const settled = (s: ReturnType<AuthActor['getSnapshot']>) => !s.matches('checking') && !s.matches('recalling')

/**
 * The auth actor once its first check is over. It starts after the first paint (or at the first call), and
 * while checking it ignores intents: a sign-in sent then would be lost, so every intent waits for this.
 */
async function settledAuth() {
  const actor = await auth.start()
  const [mod, { waitFor }] = await Promise.all([authModule(), import('xstate')])
  await waitFor(actor, settled)
  return { actor, mod, waitFor }
}

/** Signs in with email and password; resolves with the customer, or the failure to show. */
export async function signIn(credentials: Login): Promise<{ user: User } | { failure: SignInFailure }> {
  const { actor, mod, waitFor } = await settledAuth()
  actor.send({ type: 'auth.signIn', ...credentials })
  const done = await waitFor(actor, (s) => !s.matches('signingIn'))
  // The sign-in fact is on the device before the page moves on, so a reload right after still knows the customer.
  await mod.customerWritten()
  if (done.context.user) return { user: done.context.user }
  return { failure: done.context.failure ?? { message: 'Sign-in failed.', status: undefined } }
}

/** Logs out: resolves once the device has forgotten the customer and queued the logout; the server is told when it can be reached. */
export async function signOut(): Promise<void> {
  const { actor, mod, waitFor } = await settledAuth()
  actor.send({ type: 'auth.signOut' })
  await waitFor(actor, (s) => !s.matches('signingOut'))
  // The sign-out fact and the queued logout are on the device before the page moves on: a reload cannot undo them.
  await mod.customerWritten()
}

/** The server already signed this customer in (a new account): the app follows. */
export async function adoptCustomer(user: User): Promise<void> {
  const { actor, mod } = await settledAuth()
  actor.send({ type: 'auth.signedIn', user })
  await mod.customerWritten()
}

/** Asks the server again (after a social sign-in returned); resolves with the answer. */
export async function recheckSession(): Promise<Session> {
  // The first check of a page may skip the server (no known customer), so wait for it, then ask for real.
  const { actor, mod, waitFor } = await settledAuth()
  if (actor.getSnapshot().matches('loggedIn')) return getSession()
  actor.send({ type: 'auth.recheck' })
  await waitFor(actor, settled)
  await mod.customerWritten()
  return getSession()
}
