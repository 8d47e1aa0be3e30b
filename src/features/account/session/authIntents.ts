import type { Login, User } from '../../../domain/account.ts'
import type { OutboxPort } from '../../../lib/ports.ts'
import { sessionStore, type Auth, type AuthActor, type Session } from '../../../lib/sessionStore.ts'
import type { SignInFailure } from '../../../../machines/auth.events.ts'
import type { AuthCallbacks } from './authActor.ts'

type AuthModule = typeof import('./authActor.ts')

const settled = (s: ReturnType<AuthActor['getSnapshot']>) => !s.matches('checking') && !s.matches('recalling')

/** What the auth service is built from (src/app/services.ts): the outbox its logouts go through, and what it tells the app. */
export interface AuthDeps {
  outbox: OutboxPort
  callbacks: AuthCallbacks
}

/**
 * The app's auth service: the session (its actor loads right after boot, or at the first page that needs it,
 * instead of with the first paint's JS) and the intents that change it.
 */
export function createAuth({ outbox, callbacks }: AuthDeps): Auth {
  let loading: Promise<AuthModule> | undefined
  const authModule = () => (loading ??= import('./authActor.ts'))
  const session = sessionStore(() => authModule().then((mod) => mod.startAuth({ callbacks, outbox })))

  /**
   * The auth actor once its first check is over. It starts after the first paint (or at the first call), and
   * while checking it ignores intents: a sign-in sent then would be lost, so every intent waits for this.
   */
  async function settledAuth() {
    const actor = await session.start()
    const [mod, { waitFor }] = await Promise.all([authModule(), import('xstate')])
    await waitFor(actor, settled)
    return { actor, mod, waitFor }
  }

  async function signIn(credentials: Login): Promise<{ user: User } | { failure: SignInFailure }> {
    const { actor, mod, waitFor } = await settledAuth()
    actor.send({ type: 'auth.signIn', ...credentials })
    const done = await waitFor(actor, (s) => !s.matches('signingIn'))
    // The sign-in fact is on the device before the page moves on, so a reload right after still knows the customer.
    await mod.customerWritten()
    if (done.context.user) return { user: done.context.user }
    return { failure: done.context.failure ?? { message: 'Sign-in failed.', status: undefined } }
  }

  async function signOut(): Promise<void> {
    const { actor, mod, waitFor } = await settledAuth()
    actor.send({ type: 'auth.signOut' })
    await waitFor(actor, (s) => !s.matches('signingOut'))
    // The sign-out fact and the queued logout are on the device before the page moves on: a reload cannot undo them.
    await mod.customerWritten()
  }

  async function adoptCustomer(user: User): Promise<void> {
    const { actor, mod } = await settledAuth()
    actor.send({ type: 'auth.signedIn', user })
    await mod.customerWritten()
  }

  async function recheckSession(): Promise<Session> {
    // The first check of a page may skip the server (no known customer), so wait for it, then ask for real.
    const { actor, mod, waitFor } = await settledAuth()
    if (actor.getSnapshot().matches('loggedIn')) return session.get()
    actor.send({ type: 'auth.recheck' })
    await waitFor(actor, settled)
    await mod.customerWritten()
    return session.get()
  }

  return { session, signIn, signOut, adoptCustomer, recheckSession }
}
