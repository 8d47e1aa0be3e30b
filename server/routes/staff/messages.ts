import { Hono } from 'hono'
import * as v from 'valibot'
import {
  CONVERSATION_STATUSES,
  ConversationChangeAnswerSchema,
  ConversationChangeSchema,
  StaffConversationListSchema,
  StaffEntryAnswerSchema,
  StaffReplySchema,
  StaffThreadSchema,
} from '../../../src/domain/conversations.ts'
import { answer, refusal } from '../../http/openApi.ts'
import { describeStaff } from '../../staff/describeStaff.ts'
import type { Db } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { idempotencyKey } from '../../http/idempotencyKey.ts'
import { readJson } from '../../http/jsonBody.ts'
import { mailLinkOrigin, type LinkOriginSettings } from '../../mail/linkOrigin.ts'
import { allow, type StaffEnv } from '../../staff/allow.ts'
import { countStaffAction, staffActor } from '../../staff/audit.ts'
import { changeConversation, conversationNotFound, writeStaffEntry } from '../../support/conversationActions.ts'
import { listConversations, readThread } from '../../support/conversations.ts'
import { demoSupportEmail } from '../../support/supportInbox.ts'

const QueueQuery = v.object({
  status: v.optional(v.picklist(CONVERSATION_STATUSES)),
  assignee: v.optional(v.union([v.literal('none'), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))])),
})

const described = {
  list: describeStaff({
    summary: 'The support queue: open conversations first, then waiting, then resolved; the longest in its state first (?status=, ?assignee=<id>|none)',
    access: 'messages.read',
    responses: { 200: answer('The conversations', StaffConversationListSchema), 400: refusal('An unknown status or assignee') },
  }),
  thread: describeStaff({
    summary: 'One conversation with every entry: the first message, replies, internal notes and the customer answers',
    access: 'messages.read',
    responses: { 200: answer('The thread', StaffThreadSchema), 404: refusal('No such conversation') },
  }),
  reply: describeStaff({
    summary:
      'A reply (mailed to the customer, threaded; the status becomes waiting) or an internal note (internal: true; never shown to the customer), once per Idempotency-Key',
    access: 'messages.answer',
    body: StaffReplySchema,
    responses: {
      201: answer('Written', StaffEntryAnswerSchema),
      200: answer('Written before with this key: the same entry', StaffEntryAnswerSchema),
      404: refusal('No such conversation'),
      409: refusal('The customer deleted their account'),
      422: refusal('The key was used for another conversation'),
    },
  }),
  change: describeStaff({
    summary: 'Set the status (open, waiting, resolved) or the assignee (a member who answers messages, or null)',
    access: 'messages.answer',
    body: ConversationChangeSchema,
    responses: {
      200: answer('Changed', ConversationChangeAnswerSchema),
      404: refusal('No such conversation'),
      422: refusal('Not a member who answers messages'),
    },
  }),
}

const Id = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))

/** Support conversations in the back office: the queue, a thread, replies and notes, status and assignee. */
export function messagesStaffRoutes(db: Db, settings: LinkOriginSettings & { supportEmail?: string }) {
  const supportEmail = settings.supportEmail ?? demoSupportEmail
  return new Hono<StaffEnv>()
    .get('/messages', allow('messages.read'), described.list, async (c) => {
      const query = v.safeParse(QueueQuery, c.req.query())
      if (!query.success) return jsonError(c, 400, 'status must be open, waiting or resolved; assignee a member id or none.')
      return c.json({ messages: await listConversations(db, query.output) })
    })
    .get('/messages/:id', allow('messages.read'), described.thread, async (c) => {
      const id = v.safeParse(Id, c.req.param('id'))
      const thread = id.success ? await readThread(db, id.output) : undefined
      return thread ? c.json(thread) : jsonError(c, 404, conversationNotFound)
    })
    .post('/messages/:id/replies', allow('messages.answer'), described.reply, async (c) => {
      const id = v.safeParse(Id, c.req.param('id'))
      if (!id.success) return jsonError(c, 404, conversationNotFound)
      const given = idempotencyKey(c)
      if ('refused' in given) return given.refused
      const read = readJson(c, StaffReplySchema)
      if ('refused' in read) return read.refused
      const action = read.body.internal ? 'message.note' : 'message.reply'
      const result = await writeStaffEntry(db, {
        actor: staffActor(c, settings),
        staffId: c.var.staff.id,
        conversationId: id.output,
        body: read.body.body,
        internal: read.body.internal,
        key: given.key,
        supportEmail,
        origin: mailLinkOrigin(c, settings),
      })
      if (result.done) countStaffAction(action, 'done')
      else if (result.status >= 400) countStaffAction(action, 'refused')
      return c.json(result.body as object, result.status as 200)
    })
    .patch('/messages/:id', allow('messages.answer'), described.change, async (c) => {
      const id = v.safeParse(Id, c.req.param('id'))
      if (!id.success) return jsonError(c, 404, conversationNotFound)
      const read = readJson(c, ConversationChangeSchema)
      if ('refused' in read) return read.refused
      const result = await changeConversation(db, { actor: staffActor(c, settings), conversationId: id.output, ...read.body })
      countStaffAction('message.update', result.done ? 'done' : 'refused')
      return c.json(result.body as object, result.status as 200)
    })
}
