import { Hono } from 'hono'
import { UserReplySchema } from '../../src/domain/account.ts'
import { EmailChangeSchema, EmailConfirmationSchema, EmailConfirmedSchema } from '../../src/domain/profile.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { loadUser } from '../accounts/customers.ts'
import { emailChangeRetryAfter } from '../accounts/emailChangeLimiter.ts'
import { passwordConfirmed } from '../accounts/confirmPassword.ts'
import { confirmEmailChange, emailTakenByOther, startEmailChange, takenMeanwhile, undoLinkOpen } from '../accounts/emailChanges.ts'
import { queueEmailChangeLink, queueEmailTakenNotice } from '../accounts/mailEmailChange.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { notSignedIn, requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { accountLanguage, languageOfEmail } from '../accounts/accountLanguage.ts'
import { mailLinkOrigin } from '../mail/linkOrigin.ts'
import type { PasswordSettings } from './password.ts'
import { isOwn } from '../http/idParam.ts'

const described = {
  change: describeApi({
    summary:
      'Ask to change the email: the current password proves it is the customer; a link to confirm goes to the new address, or, when another account has it, a notice instead (answered alike)',
    tags: ['account'],
    signedIn: true,
    body: EmailChangeSchema,
    responses: {
      200: answer('The customer, the new address waiting as pending_email', UserReplySchema),
      403: refusal('The current password is not correct (counts as a failed sign-in), or the path names another customer'),
      409: refusal('The last change can still be undone from the old address, or the password was reset or locked out after it was checked'),
      429: refusal(
        'Too many failed sign-ins for this email or address, or too many confirmation links for this customer (3 an hour) or this new address (3 a day) (Retry-After)',
      ),
    },
  }),
  confirm: describeApi({
    summary: 'Follow the link mailed to a new address: the account signs in with it from now on',
    tags: ['account'],
    body: EmailConfirmationSchema,
    responses: {
      200: answer('The email the account has now', EmailConfirmedSchema),
      409: refusal('Another account took that email meanwhile'),
      410: refusal('The link expired, was replaced by a newer one, or was never sent'),
    },
  }),
}

/** POST /v2/users/{user_id}/email (signed in) and POST /v2/email_confirmations (the link's page). */
export function emailChangeRoutes(db: Db, settings: PasswordSettings) {
  return new Hono<CustomerEnv>()
    .post('/v2/users/:user_id/email', described.change, requireCustomer(db, settings), async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, serverMessages.othersAccount)
      const read = readJson(c, EmailChangeSchema)
      if ('refused' in read) return read.refused
      const { email, current_password } = read.body
      const [customer] = await db.query<{ email: string }>('select email from customers where id = $1', [customerId])
      if (!customer) return jsonError(c, 401, notSignedIn)
      if (customer.email.toLowerCase() === email.toLowerCase()) return jsonError(c, 400, serverMessages.sameEmail)
      // While the last change can still be undone, a new one would move the account on past the owner's undo link.
      if (await undoLinkOpen(db, customerId)) return jsonError(c, 409, serverMessages.undoLinkOpen)
      // Guessing the password through this form is limited as guessing it at sign-in is.
      const confirmed = await passwordConfirmed(c, db, settings, current_password, serverMessages.wrongCurrentPassword)
      if ('refused' in confirmed) return confirmed.refused
      // Counted before anything about the address is known, so a taken address and a free one trip the limit alike.
      const wait = await emailChangeRetryAfter(db, { customerId, recipient: email })
      if (wait > 0) {
        c.header('Retry-After', String(wait))
        return jsonError(c, 429, serverMessages.tooManyEmailChanges)
      }
      const link = { to: email, origin: mailLinkOrigin(c, settings) }
      // The change and its mail commit together; the outbox job sends the mail, so an SMTP server that is down fails nothing here.
      // Started only if nothing replaced the credentials since the password was checked (a reset, an undo).
      const started = await db.transaction(async (tx) => {
        const token = await startEmailChange(tx, customerId, email, link, confirmed.version)
        if (token === undefined) return false
        // An address another account has waits as any other, but its mailbox gets a notice instead of the link: the
        // answer tells nobody whether the address has an account, and the token, never sent, confirms nothing.
        // Each mail speaks its recipient account's language: the new address is the customer's own; a taken one, its holder's.
        const language = await accountLanguage(tx, customerId)
        if (await emailTakenByOther(tx, customerId, email))
          await queueEmailTakenNotice(tx, { to: email, language: (await languageOfEmail(tx, email)) ?? language })
        else await queueEmailChangeLink(tx, { ...link, token, language })
        return true
      })
      return started ? c.json({ user: await loadUser(db, customerId) }) : jsonError(c, 409, serverMessages.credentialsChanged)
    })
    .post('/v2/email_confirmations', described.confirm, async (c) => {
      const read = readJson(c, EmailConfirmationSchema)
      if ('refused' in read) return read.refused
      const confirmed = await confirmEmailChange(db, read.body.token, { origin: mailLinkOrigin(c, settings) }).catch(takenMeanwhile)
      if ('status' in confirmed) return jsonError(c, confirmed.status, confirmed.error)
      return c.json({ email: confirmed.email })
    })
}
