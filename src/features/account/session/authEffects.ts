import { fromPromise } from 'xstate'
import { authMachine, type CheckInput, type SessionAnswer } from '../../../../machines/auth.machine.ts'
import type { Login, User } from '../../../domain/account.ts'
import type { fetchSession, login } from '../../../api/account.ts'
import type { AuthMessage } from './authBroadcast.ts'

// A failed write of the known customer costs only the offline view; the session itself is the cookie.
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined)

export interface AuthCallbacks {
  /** The customer logged out (here or in another tab): the app empties a cart the device could not store. */
  onSignedOut?: () => void
}

/** What the auth effects touch: the app passes the device's (authActor.ts), the lab the lab log's. */
export interface AuthPorts {
  api: { fetchSession: typeof fetchSession; login: typeof login }
  /** Whom the device knows (knownCustomer.ts in the app); remember and forget write a fact only on a change. */
  memory: {
    recall(): Promise<User | null>
    /** True when it wrote a fact. */
    remember(user: User, askedAt?: number): Promise<boolean>
    forget(): Promise<boolean>
    /** Where the device's log stands, to date a session answer. */
    position(): Promise<number>
    /** The session's answer, or the device's copy when an edit's answer was stored since `askedAt`. */
    fresher(user: User, askedAt: number): Promise<User>
  }
  /** Logouts recorded on the device (logoutQueue.ts in the app). */
  logouts: {
    pendingFor(session: string | null): Promise<boolean>
    settle(): Promise<void>
    /** The whole logout on the device; the server is told in the background. */
    queue(): Promise<void>
  }
  /** The server's hint that a session exists (a cookie the page can read). */
  hint: { tag(): string | null; drop(): void }
  /** Other tabs. */
  channel: { post: (message: AuthMessage) => void }
  /** Drops the customer's caches on this device. */
  clearCustomerData: () => void
  callbacks: AuthCallbacks
}

/** The auth machine with its effects: the network, the device's memory of the customer, other tabs told over `channel`. */
export function provideAuth({ api, memory, logouts, hint, channel, clearCustomerData, callbacks }: AuthPorts) {
  return authMachine.provide({
    actors: {
      checkSession: fromPromise<SessionAnswer, CheckInput>(async ({ input }) => {
        // A logout of this session recorded but not yet sent (the tab closed right after it) wins over the cookie:
        // it goes first, and while it cannot, the server is not asked back into the session.
        if (await logouts.pendingFor(hint.tag())) {
          await logouts.settle()
          if (await logouts.pendingFor(hint.tag())) {
            hint.drop()
            return { status: 'anonymous' }
          }
        }
        // A device that knows no customer asks only when the server's hint says a session exists: no 401 for every visitor.
        if (!input.ask && (await memory.recall()) === null && hint.tag() === null) return { status: 'anonymous' }
        // A device whose store cannot be read records the answer as it comes, undated.
        const askedAt = await memory.position().catch(() => undefined)
        const user = await api.fetchSession()
        if (!user) return { status: 'anonymous' as const }
        if (askedAt === undefined) return { status: 'customer' as const, user }
        return { status: 'customer' as const, user: await memory.fresher(user, askedAt).catch(() => user), askedAt }
      }),
      recallCustomer: fromPromise(() => memory.recall()),
      signIn: fromPromise<User, Login>(async ({ input }) => {
        await logouts.settle()
        return api.login(input)
      }),
      // Done once the device holds the whole logout (one write); the server is told in the background.
      signOut: fromPromise(() => logouts.queue()),
    },
    actions: {
      // Only a change is announced, so two tabs never echo the same sign-in back and forth.
      remember: (_, { user, askedAt }) => quietly(memory.remember(user, askedAt).then((changed) => changed && channel.post({ type: 'signedIn', user }))),
      forget: () => quietly(memory.forget()),
      clearCustomerData: () => {
        callbacks.onSignedOut?.()
        clearCustomerData()
        channel.post({ type: 'signedOut' })
      },
    },
  })
}
