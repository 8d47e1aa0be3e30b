import type { Context } from 'hono'
import type { User } from '../../src/domain/account.ts'
import type { Db } from '../db/types.ts'
import { setSessionCookie } from '../http/sessionCookie.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { loadUser } from './customers.ts'
import { createSession, type SessionIdentity } from './sessions.ts'

/** Starts a session for the customer (made by a linked provider sign-in when `identity` names it), sets its cookie and returns the customer as the API shows them. */
export async function signIn(c: Context, db: Db, customerId: number, settings: CookieSettings, identity?: SessionIdentity): Promise<User> {
  const session = await createSession(db, customerId, c.req.header('User-Agent'), identity)
  setSessionCookie(c, session.id, session.expiresAt, settings)
  const user = await loadUser(db, customerId)
  if (!user) throw new Error(`customer ${customerId} vanished while signing in`)
  return user
}
