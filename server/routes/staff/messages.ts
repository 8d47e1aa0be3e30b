import { Hono } from 'hono'
import * as v from 'valibot'
import { CONVERSATION_STATUSES, ConversationChangeSchema, StaffReplySchema } from '../../../src/domain/conversations.ts'
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

const Id = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))

/** Support conversations in the back office: the queue, a thread, replies and notes, status and assignee. */
export function messagesStaffRoutes(db: Db, settings: LinkOriginSettings & { supportEmail?: string }) {
  const supportEmail = settings.supportEmail ?? demoSupportEmail
  return new Hono<StaffEnv>()
    .get('/messages', allow('messages.read'), async (c) => {
      const query = v.safeParse(QueueQuery, c.req.query())
      if (!query.success) return jsonError(c, 400, 'status must be open, waiting or resolved; assignee a member id or none.')
      return c.json({ messages: await listConversations(db, query.output) })
    })
    .get('/messages/:id', allow('messages.read'), async (c) => {
      const id = v.safeParse(Id, c.req.param('id'))
      const thread = id.success ? await readThread(db, id.output) : undefined
      return thread ? c.json(thread) : jsonError(c, 404, conversationNotFound)
    })
    .post('/messages/:id/replies', allow('messages.answer'), async (c) => {
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
    .patch('/messages/:id', allow('messages.answer'), async (c) => {
      const id = v.safeParse(Id, c.req.param('id'))
      if (!id.success) return jsonError(c, 404, conversationNotFound)
      const read = readJson(c, ConversationChangeSchema)
      if ('refused' in read) return read.refused
      const result = await changeConversation(db, { actor: staffActor(c, settings), conversationId: id.output, ...read.body })
      countStaffAction('message.update', result.done ? 'done' : 'refused')
      return c.json(result.body as object, result.status as 200)
    })
}
