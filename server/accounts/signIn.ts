import type { Context } from 'hono'
import type { User } from '../../src/domain/account.ts'
import type { Db } from '../db/types.ts'
import { setSessionCookie } from '../http/sessionCookie.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { loadUser } from './customers.ts'
import { createSession, type SessionIdentity } from './sessions.ts'

/**
 * Starts a session for the customer under the credential version the sign-in verified (`version`; made by a linked
 * provider sign-in when `identity` names it), sets its cookie and returns the customer as the API shows them.
 * Undefined, with no session and no cookie, when the credentials moved on since they were checked (a reset, an undo
 * or a takeover landed while the sign-in was on its way).
 */
export async function signIn(
  c: Context,
  db: Db,
  customerId: number,
  version: number,
  settings: CookieSettings,
  identity?: SessionIdentity,
): Promise<User | undefined> {
  const session = await createSession(db, customerId, version, c.req.header('User-Agent'), identity)
  if (!session) return undefined
  setSessionCookie(c, session.id, session.expiresAt, settings)
  const user = await loadUser(db, customerId)
  if (!user) throw new Error(`customer ${customerId} vanished while signing in`)
  return user
}
