import { createActor, waitFor } from 'xstate'
import type { SignInFailure } from '../../../../machines/auth.events.ts'
import { fetchSession, login } from '../../../api/account.ts'
import type { Login, User } from '../../../domain/account.ts'
import type { Running } from '../../../lib/actorStore.ts'
import { connectionReturned, onConnectionReturned } from '../../../lib/connection.ts'
import type { OutboxPort } from '../../../lib/ports.ts'
import { sessionOf, type AuthActor, type Session } from '../../../lib/sessionStore.ts'
import { openAuthChannel } from './authBroadcast.ts'
import { probeWhileOffline } from './offlineProbe.ts'
import { type AuthCallbacks, provideAuth } from './authEffects.ts'
import { clearCustomerData } from './customerData.ts'
import { customerWritten, forgetCustomer, fresherCustomer, logPosition, recallCustomer, rememberCustomer, storedCopy } from './knownCustomer.ts'
import { logoutPendingFor, queueLogout, settleLogouts } from './logoutQueue.ts'
import { dropSessionHint, sessionTag } from '../../../lib/signedInHint.ts'

/** The device's ports of the auth effects; logouts go out through the app's outbox. */
const device = (outbox: OutboxPort) => ({
  api: { fetchSession, login },
  memory: { recall: recallCustomer, remember: rememberCustomer, forget: forgetCustomer, position: logPosition, fresher: fresherCustomer },
  logouts: { pendingFor: logoutPendingFor, settle: () => settleLogouts(outbox), queue: () => queueLogout(outbox) },
  hint: { tag: sessionTag, drop: dropSessionHint },
  clearCustomerData,
})

export type { AuthCallbacks } from './authEffects.ts'
export { customerWritten } from './knownCustomer.ts'

/** Creates and starts the auth actor with the app's effects; it rechecks when the connection returns, and hears other tabs. */
export function startAuth({ callbacks, outbox }: { callbacks: AuthCallbacks; outbox: OutboxPort }): Running<AuthActor> {
  // Heard in the order they came: a copy read from the device must not land after a later sign-out.
  let heard: Promise<void> = Promise.resolve()
  const channel = openAuthChannel((message) => {
    heard = heard.then(async () => {
      if (message.type === 'signedOut') return void actor.send({ type: 'auth.signedOutElsewhere' })
      actor.send({ type: 'auth.signedIn', user: await storedCopy(message.user) })
    })
  })
  const actor: AuthActor = createActor(provideAuth({ ...device(outbox), channel, callbacks }))
  // The connection is back (the outbox hears the same signal and sends what waited for it): shown offline, the
  // customer is checked again.
  const stopRechecking = onConnectionReturned(() => {
    if (actor.getSnapshot().matches('loggedInOffline')) actor.send({ type: 'auth.recheck' })
  })
  // A server that answers again while the browser never said 'online' is the connection returning, for everyone.
  const probe = probeWhileOffline(actor, fetchSession, connectionReturned)
  actor.start()
  return {
    actor,
    stop: () => {
      probe.stop()
      stopRechecking()
      channel.close()
      actor.stop()
    },
  }
}

const settled = (s: ReturnType<AuthActor['getSnapshot']>) => !s.matches('checking') && !s.matches('recalling')

// While it checks, the actor ignores intents: a sign-in sent then would be lost, so every intent waits for the check.
const afterCheck = (actor: AuthActor) => waitFor(actor, settled)

/** Signs in with email and password; resolves with the customer, or the failure to show. */
export async function signIn(actor: AuthActor, credentials: Login): Promise<{ user: User } | { failure: SignInFailure }> {
  await afterCheck(actor)
  actor.send({ type: 'auth.signIn', ...credentials })
  const done = await waitFor(actor, (s) => !s.matches('signingIn'))
  // The sign-in fact is on the device before the page moves on, so a reload right after still knows the customer.
  await customerWritten()
  if (done.context.user) return { user: done.context.user }
  return { failure: done.context.failure ?? { message: 'Sign-in failed.', status: undefined } }
}

/** Logs out: resolves once the device has forgotten the customer and queued the logout. */
export async function signOut(actor: AuthActor): Promise<void> {
  await afterCheck(actor)
  actor.send({ type: 'auth.signOut' })
  await waitFor(actor, (s) => !s.matches('signingOut'))
  // The sign-out fact and the queued logout are on the device before the page moves on: a reload cannot undo them.
  await customerWritten()
}

/** The server already signed this customer in (a new account, a new password): the app follows. */
export async function adoptCustomer(actor: AuthActor, user: User): Promise<void> {
  await afterCheck(actor)
  actor.send({ type: 'auth.signedIn', user })
  await customerWritten()
}

/** Asks the server again (after a social sign-in returned); resolves with the answer. */
export async function recheckSession(actor: AuthActor): Promise<Session> {
  // The first check of a page may skip the server (no known customer), so wait for it, then ask for real.
  await afterCheck(actor)
  if (!actor.getSnapshot().matches('loggedIn')) {
    actor.send({ type: 'auth.recheck' })
    await afterCheck(actor)
    await customerWritten()
  }
  return sessionOf(actor.getSnapshot())
}
