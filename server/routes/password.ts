import { Hono } from 'hono'
import * as v from 'valibot'
import { UserReplySchema } from '../../src/domain/account.ts'
import {
  ChangePasswordSchema,
  CheckResetSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  ResetRefusedSchema,
  resetRefusalMessages,
  type ResetRefusal,
} from '../../src/domain/password.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { busyHashing, passwordConfirmed } from '../accounts/confirmPassword.ts'
import { forgetSignInFailures } from '../accounts/loginLimiter.ts'
import { passwordChangeRetryAfter } from '../accounts/passwordChangeLimiter.ts'
import { queueResetLink } from '../accounts/mailResetLink.ts'
import { customerHolder, defaultScryptN, GatePlaceTaken, hashPassword } from '../accounts/password.ts'
import { giveBackPasswordReset, resetRefusal, takePasswordReset } from '../accounts/passwordResets.ts'
import { replacePassword } from '../accounts/replacePassword.ts'
import { resetRequestRetryAfter } from '../accounts/resetLimiter.ts'
import { signIn } from '../accounts/signIn.ts'
import { endUnprovenSignIns } from '../social/endUnprovenSignIns.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { clientAddress } from '../http/requestInfo.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { readSessionCookie } from '../http/sessionCookie.ts'
import type { Config } from '../config.ts'
import { mailLinkOrigin } from '../mail/linkOrigin.ts'
import type { AccountSettings } from './users.ts'

/** PUBLIC_URL: the origin links in mails open; required with SMTP, else (the demo) the request's own origin. */
export type PasswordSettings = AccountSettings & Partial<Pick<Config, 'mail'>>

/** A hash refused because the customer already holds their place in the hashing queue: undefined, anything else thrown on. */
const placeTaken = (error: unknown): undefined => {
  if (error instanceof GatePlaceTaken) return undefined
  throw error
}

const SentSchema = v.object({ message: v.string() })
const GoodLinkSchema = v.object({ valid: v.literal(true) })

const described = {
  change: describeApi({
    summary: "Change the signed-in customer's password; every other session of the customer ends",
    tags: ['account'],
    signedIn: true,
    body: ChangePasswordSchema,
    responses: {
      204: answer('Changed; this session stays'),
      403: refusal('The current password is not correct (counts as a failed sign-in)'),
      409: refusal('The password was changed, reset or locked out after the current password was checked: nothing was written'),
      429: refusal(
        'Too many failed sign-ins for this email or address, too many changes for this customer (5 an hour), or their previous password check still running (Retry-After)',
      ),
    },
  }),
  forgot: describeApi({
    summary: 'Ask for a link to reset a password, mailed to the email if it has an account (the same answer either way)',
    tags: ['account'],
    body: ForgotPasswordSchema,
    responses: { 202: answer('Always the same message', SentSchema), 429: refusal('Too many links asked for this email or address (Retry-After)') },
  }),
  check: describeApi({
    summary: 'Whether an emailed link to reset a password can still be used',
    tags: ['account'],
    body: CheckResetSchema,
    responses: { 200: answer('The link works', GoodLinkSchema), 410: answer('Used, expired or not a link we sent', ResetRefusedSchema) },
  }),
  reset: describeApi({
    summary:
      "Choose a new password with an emailed link: every session ends, and every linked provider sign-in not proven with the account's email; this one starts signed in",
    tags: ['account'],
    body: ResetPasswordSchema,
    responses: {
      200: answer('The customer, now signed in', UserReplySchema),
      410: answer('Used, expired, not a link we sent, or the account was taken back by its mailbox after the link was taken', ResetRefusedSchema),
    },
  }),
}

/** POST /auth/password, /auth/password/forgot, /auth/password/reset/check and /auth/password/reset. */
export function passwordRoutes(db: Db, settings: PasswordSettings) {
  const N = settings.scryptN ?? defaultScryptN
  const refused = (reason: ResetRefusal) => ({ error: resetRefusalMessages[reason], reason })
  return new Hono<CustomerEnv>()
    .post('/auth/password', described.change, requireCustomer(db, settings), async (c) => {
      const read = readJson(c, ChangePasswordSchema)
      if ('refused' in read) return read.refused
      const customerId = c.get('customerId')
      // Guessing the current password through this form is limited as guessing it at sign-in is.
      const confirmed = await passwordConfirmed(c, db, settings, read.body.current_password, serverMessages.wrongCurrentPassword)
      if ('refused' in confirmed) return confirmed.refused
      const wait = await passwordChangeRetryAfter(db, customerId)
      if (wait > 0) {
        c.header('Retry-After', String(wait))
        return jsonError(c, 429, serverMessages.tooManyPasswordChanges)
      }
      const passwordHash = await hashPassword(read.body.password, N, customerHolder(customerId)).catch(placeTaken)
      if (passwordHash === undefined) return busyHashing(c)
      const notice = { origin: mailLinkOrigin(c, settings) }
      const write = { by: 'change' as const, verified: confirmed.version, keepSession: readSessionCookie(c) }
      // Written only if nothing replaced the credentials since the current password was checked (a reset, an undo).
      const written = await db.transaction((tx) => replacePassword(tx, customerId, passwordHash, write, notice))
      return written ? c.body(null, 204) : jsonError(c, 409, serverMessages.credentialsChanged)
    })
    .post('/auth/password/forgot', described.forgot, async (c) => {
      const read = readJson(c, ForgotPasswordSchema)
      if ('refused' in read) return read.refused
      const { email } = read.body
      const wait = await resetRequestRetryAfter(db, { email, address: clientAddress(c, settings) })
      if (wait > 0) {
        c.header('Retry-After', String(wait))
        return jsonError(c, 429, serverMessages.tooManyResetRequests)
      }
      // The mail speaks the account's language, not this device's (server/accounts/mailResetLink.ts).
      const request = { email, origin: mailLinkOrigin(c, settings) }
      // The link and its mail commit together before the answer, which waits only for the database: the outbox job sends
      // the mail, so SMTP's speed, or an SMTP server that is down, never shows in the answer.
      await db.transaction((tx) => queueResetLink(tx, request))
      return c.json({ message: serverMessages.resetLinkSent }, 202)
    })
    .post('/auth/password/reset/check', described.check, async (c) => {
      const read = readJson(c, CheckResetSchema)
      if ('refused' in read) return read.refused
      const reason = await resetRefusal(db, read.body.token)
      return reason ? c.json(refused(reason), 410) : c.json({ valid: true as const })
    })
    .post('/auth/password/reset', described.reset, async (c) => {
      const read = readJson(c, ResetPasswordSchema)
      if ('refused' in read) return read.refused
      const { token, password } = read.body
      // Taken before the (deliberately slow) hash, so of many uses of one link at once only the one that gets it hashes.
      const taken = await takePasswordReset(db, token)
      if ('refused' in taken) return c.json(refused(taken.refused), 410)
      let written: { version: number } | undefined
      try {
        const passwordHash = await hashPassword(password, N)
        const notice = { origin: mailLinkOrigin(c, settings) }
        // Written unless the mailbox took the account back since the link was taken (an undo, a takeover, another reset).
        const write = { by: 'reset link' as const, sinceLockout: taken.lockoutVersion }
        written = await db.transaction(async (tx) => {
          const replaced = await replacePassword(tx, taken.customerId, passwordHash, write, notice)
          if (replaced) await endUnprovenSignIns(tx, taken.customerId)
          return replaced
        })
      } catch (err) {
        await giveBackPasswordReset(db, token, taken.takenAt)
        throw err
      }
      if (!written) return c.json(refused('used'), 410)
      const [customer] = await db.query<{ email: string }>('select email from customers where id = $1', [taken.customerId])
      if (customer) await forgetSignInFailures(db, customer.email)
      const user = await signIn(c, db, taken.customerId, written.version, settings)
      return user ? c.json({ user }) : c.json(refused('used'), 410)
    })
}
