import { fromPromise } from 'xstate'
import { authMachine, type CheckInput, type SessionAnswer } from '../../../../machines/auth.machine.ts'
import type { Login, User } from '../../../domain/account.ts'
import { fetchSession, login } from '../../../api/account.ts'
import { dropSessionHint, sessionTag } from '../../../lib/signedInHint.ts'
import type { AuthMessage } from './authBroadcast.ts'
import { clearCustomerData } from './customerData.ts'
import { forgetCustomer, fresherCustomer, logPosition, recallCustomer, rememberCustomer } from './knownCustomer.ts'
import { logoutPendingFor, queueLogout, settleLogouts } from './logoutQueue.ts'

// A failed write of the known customer costs only the offline view; the session itself is the cookie.
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined)

export interface AuthCallbacks {
  /** The customer logged out (here or in another tab): the app empties a cart the device could not store. */
  onSignedOut?: () => void
}

/** The auth machine with the app's effects: network through src/api, memory through commit(), other tabs told over `channel`. */
export function provideAuth(channel: { post: (message: AuthMessage) => void }, callbacks: AuthCallbacks) {
  return authMachine.provide({
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
  })
}
