import { Hono } from 'hono'
import { EmailChangeStopSchema, EmailChangeUndoSchema, EmailConfirmedSchema, EmailVerificationSchema } from '../../src/domain/profile.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { stopEmailChange, undoEmailChange, undoLinkUsable } from '../accounts/emailChanges.ts'
import { verifySignupEmail } from '../accounts/emailLinks.ts'
import { defaultScryptN, unusablePasswordHash } from '../accounts/password.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { readJson } from '../http/jsonBody.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import type { PasswordSettings } from './password.ts'

const described = {
  verify: describeApi({
    summary: 'Follow the link mailed at sign-up: the email is verified (a verified social sign-in with it then joins the account)',
    tags: ['account'],
    body: EmailVerificationSchema,
    responses: {
      200: answer('The email now verified', EmailConfirmedSchema),
      410: refusal('The link expired, was never sent, or the account no longer has that email'),
    },
  }),
  stop: describeApi({
    summary: 'Follow the link mailed to the current address when a change was asked: the pending change ends',
    tags: ['account'],
    body: EmailChangeStopSchema,
    responses: { 200: answer('The email the account keeps', EmailConfirmedSchema), 410: refusal('Used, expired, or the change already ended') },
  }),
  undo: describeApi({
    summary:
      'Follow the link mailed to the old address when a change was confirmed (7 days): the old email comes back; the password, every session and link end, and every linked provider sign-in not proven with the old email',
    tags: ['account'],
    body: EmailChangeUndoSchema,
    responses: {
      200: answer('The email the account has again', EmailConfirmedSchema),
      409: refusal('Another account took the old email meanwhile'),
      410: refusal('Used, past its 7 days, or never sent'),
    },
  }),
}

/** POST /v2/email_verifications, /v2/email_changes/stop and /v2/email_changes/undo: the pages of the links mailed about the email. */
export function emailLinkRoutes(db: Db, settings: PasswordSettings) {
  return new Hono<AppEnv>()
    .post('/v2/email_verifications', described.verify, async (c) => {
      const read = readJson(c, EmailVerificationSchema)
      if ('refused' in read) return read.refused
      const verified = await db.transaction((tx) => verifySignupEmail(tx, read.body.token))
      return verified ? c.json(verified) : jsonError(c, 410, serverMessages.verifyLinkInvalid)
    })
    .post('/v2/email_changes/stop', described.stop, async (c) => {
      const read = readJson(c, EmailChangeStopSchema)
      if ('refused' in read) return read.refused
      const stopped = await stopEmailChange(db, read.body.token)
      return 'status' in stopped ? jsonError(c, stopped.status, stopped.error) : c.json(stopped)
    })
    .post('/v2/email_changes/undo', described.undo, async (c) => {
      const read = readJson(c, EmailChangeUndoSchema)
      if ('refused' in read) return read.refused
      // Checked before the (deliberately slow) hash, so made-up links cost no hashing.
      if (!(await undoLinkUsable(db, read.body.token))) return jsonError(c, 410, serverMessages.undoLinkInvalid)
      const undone = await undoEmailChange(db, read.body.token, await unusablePasswordHash(settings.scryptN ?? defaultScryptN))
      return 'status' in undone ? jsonError(c, undone.status, undone.error) : c.json({ email: undone.email })
    })
}
