import * as v from 'valibot'
import { MAX_SUPPORT_MESSAGE } from './support.ts'
import { storableText } from './storable.ts'

/** A support conversation: open (the team's turn), waiting (for the customer), resolved. */
export const CONVERSATION_STATUSES = ['open', 'waiting', 'resolved'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

export const conversationMessages = {
  answerRequired: 'Write your answer first.',
  answerLength: 'An answer must be at most 2000 characters.',
  unsavable: 'This text contains characters that cannot be saved.',
} as const

/** A text written into a conversation (a reply, a note, an answer): trimmed, never empty, at most 2000 characters. */
export const EntryBodySchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(conversationMessages.answerRequired),
  v.maxLength(MAX_SUPPORT_MESSAGE, conversationMessages.answerLength),
  storableText(conversationMessages.unsavable),
)

/** What the customer sees of one entry: their first message, the team's replies and their own answers (never a note). */
export const PublicEntrySchema = v.object({
  kind: v.picklist(['message', 'reply', 'answer']),
  body: v.string(),
  at: v.string(),
})
export type PublicEntry = v.InferOutput<typeof PublicEntrySchema>

/** One of the customer's conversations as GET /api/support/messages answers it, oldest entry first. */
export const CustomerConversationSchema = v.object({
  reference: v.string(),
  status: v.picklist(CONVERSATION_STATUSES),
  createdAt: v.string(),
  entries: v.array(PublicEntrySchema),
})
export type CustomerConversation = v.InferOutput<typeof CustomerConversationSchema>

export const CustomerConversationsSchema = v.object({ conversations: v.array(CustomerConversationSchema) })

/** Body of POST /api/support/messages/:reference/replies; `id` equals the Idempotency-Key header. */
export const CustomerAnswerSchema = v.object({ id: v.pipe(v.string(), v.uuid()), body: EntryBodySchema })
export type CustomerAnswer = v.InferOutput<typeof CustomerAnswerSchema>

/** 201 (or the first answer, repeated): the conversation is open again. */
export const CustomerAnswerReplySchema = v.object({ reference: v.string(), status: v.picklist(CONVERSATION_STATUSES) })

/** Body of the staff API's POST /messages/:id/replies: a reply mails the customer, an internal note stays with the team. */
export const StaffReplySchema = v.object({ body: EntryBodySchema, internal: v.optional(v.boolean(), false) })

/** Body of the staff API's PATCH /messages/:id: a new status, a new assignee (null: nobody), or both. */
export const ConversationChangeSchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(CONVERSATION_STATUSES)),
    assigneeId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  }),
  v.check((c) => c.status !== undefined || c.assigneeId !== undefined, 'Give a status or an assignee.'),
)

/** The staff API's answer to a reply or a note: the entry written and the conversation's status after it. */
export const StaffEntryAnswerSchema = v.object({ entryId: v.number(), status: v.picklist(CONVERSATION_STATUSES) })

/** The staff API's answer to PATCH /messages/:id. */
export const ConversationChangeAnswerSchema = v.object({ status: v.picklist(CONVERSATION_STATUSES), assigneeId: v.nullable(v.number()) })

/** One entry of a thread as staff see it: notes too, and who wrote each. */
export const StaffEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(['message', 'reply', 'note', 'answer']),
  body: v.string(),
  at: v.string(),
  /** The member who wrote a reply or a note; null for the customer. */
  staff: v.nullable(v.object({ id: v.number(), name: v.string() })),
})
export type StaffEntry = v.InferOutput<typeof StaffEntrySchema>

/** A conversation in the staff queue. */
export const StaffConversationSchema = v.object({
  id: v.number(),
  reference: v.string(),
  status: v.picklist(CONVERSATION_STATUSES),
  name: v.string(),
  email: v.string(),
  customerId: v.nullable(v.number()),
  language: v.string(),
  assignee: v.nullable(v.object({ id: v.number(), name: v.string() })),
  createdAt: v.string(),
  statusAt: v.string(),
  excerpt: v.string(),
})
export type StaffConversation = v.InferOutput<typeof StaffConversationSchema>

export const StaffConversationListSchema = v.object({ messages: v.array(StaffConversationSchema) })
export const StaffThreadSchema = v.object({ message: StaffConversationSchema, entries: v.array(StaffEntrySchema) })
export type StaffThread = v.InferOutput<typeof StaffThreadSchema>
