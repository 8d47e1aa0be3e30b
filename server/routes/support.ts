import { Hono } from 'hono'
import { SupportAnswerSchema, SupportRequestSchema } from '../../src/domain/support.ts'
import type { Db } from '../db/types.ts'
import { boundedKey } from '../http/boundedKey.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { readJson } from '../http/jsonBody.ts'
import { optionalCustomer } from '../http/optionalCustomer.ts'
import type { MaybeCustomerEnv } from '../http/optionalCustomer.ts'
import { clientAddress } from '../http/requestInfo.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { forgetExpiredKeys, requestHash, sendOutcome } from '../http/idempotency.ts'
import { requestLog } from '../http/requestContext.ts'
import { keyedSubmission, storeSupportMessageOnce } from '../support/storeSupportMessage.ts'
import { demoSupportEmail } from '../support/supportInbox.ts'
import { requestLanguage } from '../i18n/requestLanguage.ts'

export const keyIsNotMessageId = 'id must equal the Idempotency-Key header.'

const described = describeApi({
  summary: 'Send the Contact Us form, signed in or not, stored once per sender and Idempotency-Key (the message id)',
  tags: ['support'],
  idempotent: true,
  body: SupportRequestSchema,
  responses: {
    201: answer('Stored (or the first answer, repeated): the reference the customer quotes', SupportAnswerSchema),
    422: refusal('The key was used for a different message'),
    429: refusal('Too many messages from this address (Retry-After)'),
  },
})

/** POST /support/messages: the Contact Us form, signed in or not, stored once per sender and Idempotency-Key (answerOnce). */
export function supportRoutes(db: Db, settings: CookieSettings & ProxyTrust & { supportEmail?: string }) {
  const supportEmail = settings.supportEmail ?? demoSupportEmail
  return new Hono<MaybeCustomerEnv>().post('/support/messages', described, optionalCustomer(db, settings), async (c) => {
    const given = idempotencyKey(c)
    if ('refused' in given) return given.refused
    const { key } = given
    const read = readJson(c, SupportRequestSchema)
    if ('refused' in read) return read.refused
    if (read.body.id.toLowerCase() !== key) return jsonError(c, 400, keyIsNotMessageId)
    const submission = {
      key,
      hash: requestHash(read.sent),
      message: read.body.message,
      customerId: c.get('customerId'),
      address: boundedKey(clientAddress(c, settings)),
      language: requestLanguage(c),
      supportEmail,
    }
    const outcome = await storeSupportMessageOnce(db, submission)
    if (!outcome.replayed)
      await forgetExpiredKeys(db, keyedSubmission(submission)).catch((error: unknown) =>
        requestLog(c).warn({ err: error }, 'could not delete expired idempotency keys'),
      )
    return sendOutcome(c, outcome)
  })
}
