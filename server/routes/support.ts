import { Hono } from 'hono'
import { SupportAnswerSchema, SupportRequestSchema } from '../../src/domain/support.ts'
import { CustomerAnswerReplySchema, CustomerAnswerSchema, CustomerConversationsSchema } from '../../src/domain/conversations.ts'
import { requireCustomer, type CustomerEnv } from '../http/requireCustomer.ts'
import { answerConversation } from '../support/conversationActions.ts'
import { customerConversations } from '../support/conversations.ts'
import type { Db } from '../db/types.ts'
import { boundedKey } from '../http/boundedKey.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { readJson } from '../http/jsonBody.ts'
import { optionalCustomer } from '../http/optionalCustomer.ts'
import type { MaybeCustomerEnv } from '../http/optionalCustomer.ts'
import { clientAddress } from '../http/requestInfo.ts'
import { mailLinkOrigin, type LinkOriginSettings } from '../mail/linkOrigin.ts'
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

const describedList = describeApi({
  summary: "The signed-in customer's support conversations, newest first, with the team's replies (never an internal note)",
  tags: ['support'],
  signedIn: true,
  responses: { 200: answer('The conversations', CustomerConversationsSchema) },
})

const describedAnswer = describeApi({
  summary: "The customer's answer in one of their conversations, once per Idempotency-Key (the answer's id): it opens the conversation again",
  tags: ['support'],
  signedIn: true,
  idempotent: true,
  body: CustomerAnswerSchema,
  responses: {
    201: answer('Stored (or the first answer, repeated): the conversation is open', CustomerAnswerReplySchema),
    404: refusal('No conversation of this customer has that reference'),
    422: refusal('The key was used for a different answer'),
  },
})

/**
 * POST /support/messages: the Contact Us form, signed in or not, stored once per sender and Idempotency-Key (answerOnce);
 * GET /support/messages and POST /support/messages/:reference/replies: the signed-in customer's conversations and answers.
 */
export function supportRoutes(db: Db, settings: CookieSettings & LinkOriginSettings & { supportEmail?: string }) {
  const supportEmail = settings.supportEmail ?? demoSupportEmail
  const signedIn = new Hono<CustomerEnv>()
    .get('/support/messages', describedList, requireCustomer(db, settings), async (c) =>
      c.json({ conversations: await customerConversations(db, c.get('customerId')) }),
    )
    .post('/support/messages/:reference/replies', describedAnswer, requireCustomer(db, settings), async (c) => {
      const given = idempotencyKey(c)
      if ('refused' in given) return given.refused
      const read = readJson(c, CustomerAnswerSchema)
      if ('refused' in read) return read.refused
      if (read.body.id.toLowerCase() !== given.key) return jsonError(c, 400, keyIsNotMessageId)
      const keyed = { customerId: c.get('customerId'), key: given.key, hash: requestHash(read.sent) }
      const outcome = await answerConversation(db, {
        keyed,
        reference: c.req.param('reference'),
        body: read.body.body,
        supportEmail,
        origin: mailLinkOrigin(c, settings),
      })
      return sendOutcome(c, outcome)
    })
  return new Hono<MaybeCustomerEnv>().route('/', signedIn).post('/support/messages', described, optionalCustomer(db, settings), async (c) => {
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
      origin: mailLinkOrigin(c, settings),
    }
    const outcome = await storeSupportMessageOnce(db, submission)
    if (!outcome.replayed)
      await forgetExpiredKeys(db, keyedSubmission(submission)).catch((error: unknown) =>
        requestLog(c).warn({ err: error }, 'could not delete expired idempotency keys'),
      )
    return sendOutcome(c, outcome)
  })
}
