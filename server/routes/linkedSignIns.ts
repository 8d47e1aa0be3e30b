import { Hono } from 'hono'
import * as v from 'valibot'
import {
  LinkedSignInsSchema,
  RemoveSignInSchema,
  SignInRemovalLinkSchema,
  SignInRemovalRefusedSchema,
  type SignInRemovalRefusal,
  LINKED_PROVIDERS,
} from '../../src/domain/linkedSignIns.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { passwordConfirmed } from '../accounts/confirmPassword.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { isOwn } from '../http/idParam.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { readSessionCookie } from '../http/sessionCookie.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { hasKnownPassword, isLastWayIn, listLinkedSignIns, removeLinkedSignIn, removeSignInByLink, signedInRecently } from '../social/linkedSignIns.ts'

const SignInRemovedSchema = v.object({ email: v.string(), provider: v.picklist(LINKED_PROVIDERS) })

const described = {
  list: describeApi({
    summary: 'The provider sign-ins linked to the account (provider, its id for the customer, the verified email it was linked with, when linked, last used)',
    tags: ['account'],
    signedIn: true,
    responses: {
      200: answer('Oldest first, and whether the account has a password its owner chose (else removing needs a recent sign-in)', LinkedSignInsSchema),
      403: refusal('The path names another customer'),
    },
  }),
  remove: describeApi({
    summary:
      'Remove a linked sign-in, with the current password; an account without one its owner knows (made by a social sign-in) needs a sign-in in the last 10 minutes instead. The devices it signed in are signed out',
    tags: ['account'],
    signedIn: true,
    body: RemoveSignInSchema,
    responses: {
      200: answer('The sign-ins still linked', LinkedSignInsSchema),
      403: answer(
        'The current password is not correct (reason password, counts as a failed sign-in), the last sign-in was over 10 minutes ago (reason sign_in_again), or the path names another customer',
        SignInRemovalRefusedSchema,
      ),
      404: refusal('No such sign-in is linked to the account'),
      409: answer('It is the only way into an account without a password its owner knows (reason last_sign_in)', SignInRemovalRefusedSchema),
      429: refusal('Too many failed sign-ins for this email or address (Retry-After)'),
    },
  }),
  byLink: describeApi({
    summary: 'Follow the link mailed to the account when a provider sign-in joined it: that sign-in is removed and the devices it signed in signed out',
    tags: ['account'],
    body: SignInRemovalLinkSchema,
    responses: {
      200: answer("The account's email, and the provider whose sign-in was removed", SignInRemovedSchema),
      410: refusal('Used (the sign-in is already removed) or never sent'),
    },
  }),
}

const refusalMessages: Record<SignInRemovalRefusal, string> = {
  password: serverMessages.wrongCurrentPassword,
  sign_in_again: serverMessages.signInAgain,
  last_sign_in: serverMessages.lastSignIn,
}

/** GET /v2/users/{user_id}/sign_ins and POST /v2/users/{user_id}/sign_ins/remove (signed in, own account), POST /v2/sign_in_removals (the mailed link). */
export function linkedSignInRoutes(db: Db, settings: CookieSettings & ProxyTrust) {
  const signedIn = requireCustomer(db, settings)
  return new Hono<CustomerEnv>()
    .get('/v2/users/:user_id/sign_ins', described.list, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, serverMessages.othersProfile)
      return c.json(await listLinkedSignIns(db, customerId))
    })
    .post('/v2/users/:user_id/sign_ins/remove', described.remove, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, serverMessages.othersAccount)
      const read = readJson(c, RemoveSignInSchema)
      if ('refused' in read) return read.refused
      const { provider, subject, current_password } = read.body
      const refuse = (status: 403 | 409, reason: SignInRemovalRefusal) => c.json({ error: refusalMessages[reason], reason }, status)
      const linked = await listLinkedSignIns(db, customerId)
      if (!linked.sign_ins.some((s) => s.provider === provider && s.subject === subject)) return jsonError(c, 404, serverMessages.signInNotFound)
      if (await hasKnownPassword(db, customerId)) {
        // Guessing the password through this form is limited as guessing it at sign-in is.
        const confirmed = await passwordConfirmed(c, db, settings, current_password ?? '', () => refuse(403, 'password'))
        if ('refused' in confirmed) return confirmed.refused
      } else if (!(await signedInRecently(db, customerId, readSessionCookie(c) ?? ''))) return refuse(403, 'sign_in_again')
      const removed = await db.transaction(async (tx) => {
        // Locked, so two removals at once cannot each leave the other as the last way in and end both.
        await tx.query('select 1 from customers where id = $1 for update', [customerId])
        if (await isLastWayIn(tx, customerId, provider, subject)) return 'last' as const
        return (await removeLinkedSignIn(tx, customerId, provider, subject)) ? ('removed' as const) : ('gone' as const)
      })
      if (removed === 'last') return refuse(409, 'last_sign_in')
      if (removed === 'gone') return jsonError(c, 404, serverMessages.signInNotFound)
      return c.json(await listLinkedSignIns(db, customerId))
    })
    .post('/v2/sign_in_removals', described.byLink, async (c) => {
      const read = readJson(c, SignInRemovalLinkSchema)
      if ('refused' in read) return read.refused
      const removed = await db.transaction((tx) => removeSignInByLink(tx, read.body.token))
      return removed ? c.json(removed) : jsonError(c, 410, serverMessages.signInRemovalLinkInvalid)
    })
}
