import { Hono } from 'hono'
import * as v from 'valibot'
import { LoginSchema, UserReplySchema } from '../../src/domain/account.ts'
import { loadUser } from '../accounts/customers.ts'
import { credentialsByEmail } from '../accounts/credentials.ts'
import { beginSignIn, signInFailed, signInSucceeded } from '../accounts/loginLimiter.ts'
import { defaultScryptN, hashPassword, verifyPassword } from '../accounts/password.ts'
import { deleteSession, deleteSessionByTag } from '../accounts/sessions.ts'
import { signIn } from '../accounts/signIn.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { readJson } from '../http/jsonBody.ts'
import { clientAddress } from '../http/requestInfo.ts'
import { notSignedIn, requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { clearSessionCookie, readSessionCookie, sessionTag } from '../http/sessionCookie.ts'
import type { AccountSettings } from './users.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

export const wrongCredentials = serverMessages.wrongCredentials
export const invalidSessionTag = 'The session to end must be a session tag.'

/** Body of POST /auth/logout: optional, naming the session a logout queued offline ends. */
const LogoutSchema = v.optional(v.object({ session: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, invalidSessionTag))) }), {})

export const tooManyAttempts = serverMessages.tooManyAttempts

// An unknown email is checked against this, so it costs the same time as a wrong password.
const dummyHashes = new Map<number, Promise<string>>()
const dummyHash = (N: number) => {
  const hash = dummyHashes.get(N) ?? hashPassword('not-a-real-password-1!', N)
  dummyHashes.set(N, hash)
  return hash
}

const described = {
  login: describeApi({
    summary: 'Sign in with email and password (sets the sid and signed_in cookies)',
    tags: ['account'],
    body: LoginSchema,
    responses: {
      200: answer('The signed-in customer', UserReplySchema),
      401: refusal('Wrong email or password, or a missing or wrong Key header'),
      429: refusal('Too many attempts for this email or address (Retry-After)'),
    },
  }),
  logout: describeApi({
    summary: 'Sign out: this session, or the one a logout queued offline names',
    tags: ['account'],
    body: LogoutSchema,
    bodyOptional: true,
    responses: { 204: answer('Signed out; the cookies are cleared when they named this session or none') },
  }),
  session: describeApi({
    summary: 'The customer the session belongs to',
    tags: ['account'],
    signedIn: true,
    responses: { 200: answer('The signed-in customer', UserReplySchema) },
  }),
}

/** POST /auth/login, POST /auth/logout, GET /auth/session. */
export function sessionRoutes(db: Db, settings: AccountSettings) {
  const N = settings.scryptN ?? defaultScryptN
  return new Hono<CustomerEnv>()
    .post('/auth/login', described.login, async (c) => {
      const read = readJson(c, LoginSchema)
      if ('refused' in read) return read.refused
      const { email, password } = read.body
      const keys = { email, address: clientAddress(c, settings) }
      // Counted before the (deliberately slow) hash, so parallel guesses cannot all get through the check.
      const admitted = await beginSignIn(db, keys)
      if ('retryAfter' in admitted) {
        c.header('Retry-After', String(admitted.retryAfter))
        return jsonError(c, 429, tooManyAttempts)
      }
      const found = await credentialsByEmail(db, email)
      const ok = await verifyPassword(password, found?.password_hash ?? (await dummyHash(N)))
      if (!found || !ok) {
        await signInFailed(db)
        return jsonError(c, 401, wrongCredentials)
      }
      await signInSucceeded(db, keys, admitted.ticket)
      // No session when a reset or lockout replaced the password while it was being checked: it is wrong now.
      const user = await signIn(c, db, found.id, found.version, settings)
      return user ? c.json({ user }) : jsonError(c, 401, wrongCredentials)
    })
    .post('/auth/logout', described.logout, async (c) => {
      const read = readJson(c, LogoutSchema)
      if ('refused' in read) return read.refused
      const tag = read.body.session
      const id = readSessionCookie(c)
      // A logout queued offline names its session: another customer signed in since keeps theirs.
      if (tag) await deleteSessionByTag(db, tag)
      if (id && (!tag || sessionTag(id) === tag)) {
        await deleteSession(db, id)
        clearSessionCookie(c, settings)
      } else if (!id) clearSessionCookie(c, settings)
      return c.body(null, 204)
    })
    .get('/auth/session', described.session, requireCustomer(db, settings), async (c) => {
      const user = await loadUser(db, c.get('customerId'))
      return user ? c.json({ user }) : jsonError(c, 401, notSignedIn)
    })
}
