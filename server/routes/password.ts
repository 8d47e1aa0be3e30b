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
import { beginSignIn, forgetSignInFailures, signInFailed, signInSucceeded } from '../accounts/loginLimiter.ts'
import { queueResetLink } from '../accounts/mailResetLink.ts'
import { defaultScryptN, hashPassword, verifyPassword } from '../accounts/password.ts'
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
import { notSignedIn, requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { readSessionCookie } from '../http/sessionCookie.ts'
import { requestLanguage } from '../i18n/requestLanguage.ts'
import type { MailSettings } from '../mail/mail.ts'
import { mailLinkOrigin } from '../mail/linkOrigin.ts'
import type { AccountSettings } from './users.ts'

export interface PasswordSettings extends AccountSettings {
  /** The origin links in mails open; required with SMTP, else (the demo) the request's own origin. */
  publicUrl?: string
  mail?: MailSettings
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
      429: refusal('Too many failed sign-ins for this email or address (Retry-After)'),
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
    responses: { 200: answer('The customer, now signed in', UserReplySchema), 410: answer('Used, expired or not a link we sent', ResetRefusedSchema) },
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
      const [customer] = await db.query<{ email: string; password_hash: string }>('select email, password_hash from customers where id = $1', [customerId])
      if (!customer) return jsonError(c, 401, notSignedIn)
      // Guessing the current password through this form is limited as guessing it at sign-in is.
      const keys = { email: customer.email, address: clientAddress(c, settings) }
      const admitted = await beginSignIn(db, keys)
      if ('retryAfter' in admitted) {
        c.header('Retry-After', String(admitted.retryAfter))
        return jsonError(c, 429, serverMessages.tooManyAttempts)
      }
      if (!(await verifyPassword(read.body.current_password, customer.password_hash))) {
        await signInFailed(db)
        return jsonError(c, 403, serverMessages.wrongCurrentPassword)
      }
      await signInSucceeded(db, keys, admitted.ticket)
      const passwordHash = await hashPassword(read.body.password, N)
      const notice = { language: requestLanguage(c), origin: mailLinkOrigin(c, settings) }
      await db.transaction((tx) => replacePassword(tx, customerId, passwordHash, { keepSession: readSessionCookie(c), notice }))
      return c.body(null, 204)
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
      const request = { email, language: requestLanguage(c), origin: mailLinkOrigin(c, settings) }
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
      try {
        const passwordHash = await hashPassword(password, N)
        const notice = { language: requestLanguage(c), origin: mailLinkOrigin(c, settings) }
        await db.transaction(async (tx) => {
          await replacePassword(tx, taken.customerId, passwordHash, { notice })
          await endUnprovenSignIns(tx, taken.customerId)
        })
      } catch (err) {
        await giveBackPasswordReset(db, token, taken.takenAt)
        throw err
      }
      const [customer] = await db.query<{ email: string }>('select email from customers where id = $1', [taken.customerId])
      if (customer) await forgetSignInFailures(db, customer.email)
      return c.json({ user: await signIn(c, db, taken.customerId, settings) })
    })
}
