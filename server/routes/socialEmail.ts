import { Hono } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import { EmailConfirmedSchema } from '../../src/domain/profile.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { SocialConfirmSchema, SocialEmailSchema } from '../../src/domain/socialSignIn.ts'
import { confirmationMailRetryAfter } from '../accounts/emailChangeLimiter.ts'
import { languageOfEmail } from '../accounts/accountLanguage.ts'
import { signIn } from '../accounts/signIn.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { readJson } from '../http/jsonBody.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { requestLanguage } from '../i18n/requestLanguage.ts'
import { mailLinkOrigin } from '../mail/linkOrigin.ts'
import { queueMail } from '../mail/queueMail.ts'
import { socialEmailConfirmMail } from '../mail/templates/socialEmailConfirm.ts'
import { addressPendingSignIn, findPendingSignIn, pendingMinutes, takePendingSignIn } from '../social/pendingSignIns.ts'
import { providerNames } from '../social/providerConfig.ts'
import { findOrCreateSocialCustomer } from '../social/socialCustomer.ts'
import { pendingCookie, pendingCookiePath } from './social.ts'
import type { SocialSettings } from './social.ts'

const described = {
  email: describeApi({
    summary: 'Name the email of a social sign-in whose provider shared no verified one: a link to confirm it is mailed there',
    tags: ['account'],
    body: SocialEmailSchema,
    responses: {
      202: answer('The address the link was mailed to', EmailConfirmedSchema),
      410: refusal('This browser has no pending social sign-in (expired after 30 minutes, or finished)'),
      429: refusal('Too many links for this sign-in (3 an hour) or this address (3 a day) (Retry-After)'),
    },
  }),
  confirm: describeApi({
    summary:
      "Follow the link mailed to that address, in the browser that signed in: the account is made or joined, the provider's identity linked, the customer signed in (sid cookie)",
    tags: ['account'],
    body: SocialConfirmSchema,
    responses: {
      200: answer('The email, now verified, the account signs in with', EmailConfirmedSchema),
      410: refusal('Used, replaced by a newer link, expired (30 minutes), or opened in another browser'),
    },
  }),
}

/** POST /v2/social_sign_ins/email and /v2/social_sign_ins/confirm: finishing a social sign-in with a proven email. */
export function socialEmailRoutes(db: Db, settings: SocialSettings) {
  return new Hono<AppEnv>()
    .post('/v2/social_sign_ins/email', described.email, async (c) => {
      const read = readJson(c, SocialEmailSchema)
      if ('refused' in read) return read.refused
      const browser = getCookie(c, pendingCookie)
      const pending = browser ? await findPendingSignIn(db, browser) : undefined
      if (!browser || !pending) return jsonError(c, 410, serverMessages.socialSignInExpired)
      const { email } = read.body
      const wait = await confirmationMailRetryAfter(db, `social-email:${pending.provider}:${pending.subject}`, email)
      if (wait > 0) {
        c.header('Retry-After', String(wait))
        return jsonError(c, 429, serverMessages.tooManyEmailChanges)
      }
      const origin = mailLinkOrigin(c, settings)
      const sent = await db.transaction(async (tx) => {
        const token = await addressPendingSignIn(tx, browser, email)
        if (!token) return false
        const values = { provider: providerNames[pending.provider], link: `${origin}/social_confirm?token=${token}`, minutes: pendingMinutes }
        // An address that has an account gets it in the account's language; any other in the language the app shows.
        const language = (await languageOfEmail(tx, email)) ?? requestLanguage(c)
        await queueMail(tx, { to: email, language, template: socialEmailConfirmMail, values })
        return true
      })
      return sent ? c.json({ email }, 202) : jsonError(c, 410, serverMessages.socialSignInExpired)
    })
    .post('/v2/social_sign_ins/confirm', described.confirm, async (c) => {
      const read = readJson(c, SocialConfirmSchema)
      if ('refused' in read) return read.refused
      const browser = getCookie(c, pendingCookie)
      const taken = browser ? await takePendingSignIn(db, browser, read.body.token) : undefined
      if (!taken) return jsonError(c, 410, serverMessages.socialLinkInvalid)
      deleteCookie(c, pendingCookie, { path: pendingCookiePath })
      // The mailbox's owner followed the link: the address counts as verified, as a provider's verified claim does.
      const who = { provider: taken.provider, subject: taken.subject, email: taken.email, emailVerified: true, displayName: taken.displayName }
      const notice = { origin: mailLinkOrigin(c, settings) }
      const found = await findOrCreateSocialCustomer(db, who, { scryptN: settings.scryptN, notice, language: requestLanguage(c), proof: 'social_link' })
      const user = await signIn(c, db, found.customerId, found.version, settings, { provider: taken.provider, subject: taken.subject })
      return user ? c.json({ email: user.email }) : jsonError(c, 410, serverMessages.socialSignInExpired)
    })
}
