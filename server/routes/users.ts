import { Hono } from 'hono'
import { SignupSchema, UserReplySchema } from '../../src/domain/account.ts'
import { DuplicateEmailError, insertCustomer } from '../accounts/customers.ts'
import { hashPassword } from '../accounts/password.ts'
import { idNumberKeyOf } from '../accounts/idNumberSeal.ts'
import { firstCredentialVersion } from '../accounts/credentials.ts'
import { signIn } from '../accounts/signIn.ts'
import { signupRetryAfter } from '../accounts/signupLimiter.ts'
import { mailLinkOrigin } from '../mail/linkOrigin.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { readJson } from '../http/jsonBody.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { clientAddress } from '../http/requestInfo.ts'
import { requestLanguage } from '../i18n/requestLanguage.ts'
import { queueSignupConfirmation } from '../accounts/emailLinks.ts'
import { emailTakenByOther } from '../accounts/emailChanges.ts'
import type { Config } from '../config.ts'
import { signUps } from '../metrics.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { offeredProviders } from '../social/providerConfig.ts'

export const tooManySignups = serverMessages.tooManySignups

/** PUBLIC_URL: the origin links in mails open; without it (the demo) the request's own origin. */
export type AccountSettings = CookieSettings & Partial<Pick<Config, 'scryptN' | 'idNumberKey' | 'socialProviders'>>

const described = describeApi({
  summary:
    'Sign up; the new customer leaves signed in (sid and signed_in cookies). The account records the language the app shows (its `lang` cookie, else Accept-Language): every mail to the customer speaks it',
  tags: ['account'],
  body: SignupSchema,
  responses: {
    201: answer('The new customer', UserReplySchema),
    409: refusal('The email is already registered'),
    429: refusal('Too many sign-ups from this address (Retry-After)'),
  },
})

/** POST /v2/users: sign-up; the new customer leaves signed in. */
export function userRoutes(db: Db, settings: AccountSettings) {
  return new Hono<AppEnv>().post('/v2/users', described, async (c) => {
    const read = readJson(c, SignupSchema)
    if ('refused' in read) return read.refused
    const { password, confirm_password: _unchecked, ricaAddress, ...personal } = read.body.user
    const wait = await signupRetryAfter(db, clientAddress(c, settings))
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return jsonError(c, 429, tooManySignups)
    }
    // An address moved away from by an email change stays its old owner's while their undo link is open.
    if (await emailTakenByOther(db, 0, personal.email)) return jsonError(c, 409, serverMessages.emailTaken)
    const passwordHash = await hashPassword(password, settings.scryptN)
    let customerId: number
    try {
      const language = requestLanguage(c)
      const mail = { origin: mailLinkOrigin(c, settings), providers: offeredProviders(settings) }
      customerId = await db.transaction(async (tx) => {
        const id = await insertCustomer(tx, { ...personal, passwordHash, address: ricaAddress, language }, idNumberKeyOf(settings))
        // The account works at once (the seed's flow); the link proves the email, which a provider's sign-in otherwise would.
        await queueSignupConfirmation(tx, id, personal.email, mail)
        return id
      })
    } catch (error) {
      if (error instanceof DuplicateEmailError) return jsonError(c, 409, error.message)
      throw error
    }
    signUps.inc({ method: 'password' })
    const user = await signIn(c, db, customerId, firstCredentialVersion, settings)
    // Only the new address's mailbox could have replaced the credentials of an account made a moment ago.
    return user ? c.json({ user }, 201) : jsonError(c, 409, serverMessages.credentialsChanged)
  })
}
