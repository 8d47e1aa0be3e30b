import { createActor, fromPromise } from 'xstate'
import { authMachine, type CheckInput, type SessionAnswer } from '../../../../machines/auth.machine.ts'
import type { Login, User } from '../../../domain/account.ts'
import { fetchSession, login } from '../../../api/account.ts'
import type { Running } from '../../../lib/actorStore.ts'
import { connectionReturned, onConnectionReturned } from '../../../lib/connection.ts'
import type { AuthActor } from '../../../lib/sessionStore.ts'
import { openAuthChannel } from './authBroadcast.ts'
import { probeWhileOffline } from './offlineProbe.ts'
import { clearCustomerData } from './customerData.ts'
import { forgetCustomer, fresherCustomer, logPosition, recallCustomer, rememberCustomer, storedCopy } from './knownCustomer.ts'
import { logoutPendingFor, queueLogout, settleLogouts } from './logoutQueue.ts'
import { dropSessionHint, sessionTag } from '../../../lib/signedInHint.ts'

export { customerWritten } from './knownCustomer.ts'

// A failed write of the known customer costs only the offline view; the session itself is the cookie.
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined)

export interface AuthCallbacks {
  /** The customer logged out (here or in another tab): the app empties a cart the device could not store. */
  onSignedOut?: () => void
}

/** Creates and starts the auth actor: network through src/api, memory through commit(), other tabs over a channel. */
export function startAuth(callbacks: AuthCallbacks = {}): Running<AuthActor> {
  // Heard in the order they came: a copy read from the device must not land after a later sign-out.
  let heard: Promise<void> = Promise.resolve()
  const channel = openAuthChannel((message) => {
    heard = heard.then(async () => {
      if (message.type === 'signedOut') return void actor.send({ type: 'auth.signedOutElsewhere' })
      actor.send({ type: 'auth.signedIn', user: await storedCopy(message.user) })
    })
  })
  const actor: AuthActor = createActor(
    authMachine.provide({
      actors: {
        checkSession: fromPromise<SessionAnswer, CheckInput>(async ({ input }) => {
          // A logout of this session recorded but not yet sent (the tab closed right after it) wins over the cookie:
          // it goes first, and while it cannot, the server is not asked back into the session.
          if (await logoutPendingFor(sessionTag())) {
            await settleLogouts()
            if (await logoutPendingFor(sessionTag())) {
              dropSessionHint()
              return { status: 'anonymous' }
            }
          }
          // A device that knows no customer asks only when the server's hint says a session exists: no 401 for every visitor.
          if (!input.ask && (await recallCustomer()) === null && sessionTag() === null) return { status: 'anonymous' }
          // A device whose store cannot be read records the answer as it comes, undated.
          const askedAt = await logPosition().catch(() => undefined)
          const user = await fetchSession()
          if (!user) return { status: 'anonymous' as const }
          if (askedAt === undefined) return { status: 'customer' as const, user }
          return { status: 'customer' as const, user: await fresherCustomer(user, askedAt).catch(() => user), askedAt }
        }),
        recallCustomer: fromPromise(() => recallCustomer()),
        signIn: fromPromise<User, Login>(async ({ input }) => {
          await settleLogouts()
          return login(input)
        }),
        // Done once the device holds the whole logout (one write); the server is told in the background.
        signOut: fromPromise(() => queueLogout()),
      },
      actions: {
        // Only a change is announced, so two tabs never echo the same sign-in back and forth.
        remember: (_, { user, askedAt }) => quietly(rememberCustomer(user, askedAt).then((changed) => changed && channel.post({ type: 'signedIn', user }))),
        forget: () => quietly(forgetCustomer()),
        clearCustomerData: () => {
          callbacks.onSignedOut?.()
          clearCustomerData()
          channel.post({ type: 'signedOut' })
        },
      },
    }),
  )
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
