import type { OutboxPort } from '../../../lib/ports.ts'
import { sessionStore, type Auth, type AuthActor } from '../../../lib/sessionStore.ts'
import type { AuthCallbacks } from './authActor.ts'

type AuthModule = typeof import('./authActor.ts')

/** What the auth service is built from (src/app/services.ts): the outbox its logouts go through, and what it tells the app. */
export interface AuthDeps {
  outbox: OutboxPort
  callbacks: AuthCallbacks
}

/**
 * The app's auth service: the session and the intents that change it. Its actor and the intents' code load right
 * after boot (or at the first page that needs them) instead of with the first paint's JS.
 */
export function createAuth({ outbox, callbacks }: AuthDeps): Auth {
  let loading: Promise<AuthModule> | undefined
  const authModule = () => (loading ??= import('./authActor.ts'))
  const session = sessionStore(() => authModule().then((mod) => mod.startAuth({ callbacks, outbox })))
  /** Runs an intent on the running actor; one made before it runs starts it and waits. */
  const withAuth = async <T>(use: (mod: AuthModule, actor: AuthActor) => Promise<T>): Promise<T> => {
    const [actor, mod] = await Promise.all([session.start(), authModule()])
    return use(mod, actor)
  }
  return {
    session,
    signIn: (credentials) => withAuth((m, actor) => m.signIn(actor, credentials)),
    signOut: () => withAuth((m, actor) => m.signOut(actor)),
    adoptCustomer: (user) => withAuth((m, actor) => m.adoptCustomer(actor, user)),
    recheckSession: () => withAuth((m, actor) => m.recheckSession(actor)),
  }
}
