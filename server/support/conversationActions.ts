import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/domain/languageCodes.ts'
import type { ConversationStatus } from '../../src/domain/conversations.ts'
import { roleCan, type StaffRole } from '../../src/domain/staff.ts'
import type { Db, Queryable } from '../db/types.ts'
import { answerOnce, type Keyed, type Outcome, type StoredAnswer } from '../http/idempotency.ts'
import { queueMail } from '../mail/queueMail.ts'
import { supportAnswerNoticeMail } from '../mail/templates/supportAnswerNotice.ts'
import { supportReplyMail } from '../mail/templates/supportReply.ts'
import { audit, type StaffActor } from '../staff/audit.ts'
import { answerRetryAfter } from './supportLimiter.ts'
import { staffThreadUrl, tooManyMessages } from './storeSupportMessage.ts'
import { following, newMailMessageId, threadChain } from './threading.ts'

/** Where a conversation's mails go and what their links open. */
export interface ConversationMail {
  /** SUPPORT_EMAIL: the team's notices, and the domain of every Message-ID. */
  supportEmail: string
  /** The origin links in mails open (server/mail/linkOrigin.ts). */
  origin: string
}

export const conversationNotFound = 'No such conversation.'
export const customerGone = 'The customer deleted their account: there is no one to answer.'
export const keyReused = 'This request was already used for another conversation.'
export const unknownAssignee = 'Assign the conversation to a member of the team who answers messages.'

interface Locked {
  id: number
  reference: string
  status: ConversationStatus
  name: string
  email: string
  /** What its mails to the customer speak: the account's language, else (a signed-out sender) the one they wrote from. */
  language: Language
  assignee_id: number | null
}

async function lockConversation(tx: Queryable, where: string, params: unknown[]): Promise<Locked | undefined> {
  const [row] = await tx.query<Omit<Locked, 'id' | 'assignee_id'> & { id: string | number; assignee_id: string | number | null }>(
    `select m.id, m.reference, m.status, m.name, m.email, coalesce(c.language, m.language) as language, m.assignee_id
     from support_messages m left join customers c on c.id = m.customer_id where ${where} for update of m`,
    params,
  )
  if (!row) return undefined
  const language = (LANGUAGES as readonly string[]).includes(row.language) ? row.language : DEFAULT_LANGUAGE
  return { ...row, id: Number(row.id), language, assignee_id: row.assignee_id === null ? null : Number(row.assignee_id) }
}

export interface StaffWriting extends ConversationMail {
  actor: StaffActor
  staffId: number
  conversationId: number
  body: string
  internal: boolean
  /** The member's Idempotency-Key: a double click writes (and mails) once. */
  key: string
}

/**
 * A member's reply (mailed to the customer in their language, threaded under the conversation's mails; the status
 * becomes waiting) or internal note (changes nothing else), with its audit row, in one transaction. The same key
 * again answers the entry it wrote. Answers 201 `{ entryId, status }`, 200 for a repeat, 404, 409 or 422.
 */
export async function writeStaffEntry(db: Db, w: StaffWriting): Promise<StoredAnswer & { done: boolean }> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, 'm.id = $1', [w.conversationId])
    if (!conversation) return { status: 404, body: { error: conversationNotFound }, done: false }
    const [earlier] = await tx.query<{ id: string | number; support_message_id: string | number }>(
      'select id, support_message_id from support_entries where staff_id = $1 and idempotency_key = $2',
      [w.staffId, w.key],
    )
    if (earlier) {
      if (Number(earlier.support_message_id) !== conversation.id) return { status: 422, body: { error: keyReused }, done: false }
      return { status: 200, body: { entryId: Number(earlier.id), status: conversation.status }, done: false }
    }
    if (!w.internal && conversation.email === '') return { status: 409, body: { error: customerGone }, done: false }
    const chain = w.internal ? [] : await threadChain(tx, conversation.id)
    const messageId = w.internal ? null : newMailMessageId(conversation.reference, w.supportEmail)
    const [entry] = await tx.query<{ id: string | number }>(
      `insert into support_entries (support_message_id, kind, staff_id, body, mail_message_id, idempotency_key)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [conversation.id, w.internal ? 'note' : 'reply', w.staffId, w.body, messageId, w.key],
    )
    const entryId = Number(entry?.id)
    let status = conversation.status
    if (messageId) {
      status = 'waiting'
      if (conversation.status !== status) await tx.query("update support_messages set status = 'waiting', status_at = now() where id = $1", [conversation.id])
      await queueMail(tx, {
        to: conversation.email,
        language: conversation.language,
        template: supportReplyMail,
        values: { reference: conversation.reference, name: conversation.name, body: w.body, link: `${w.origin}/support` },
        thread: following(messageId, chain),
      })
    }
    await audit(tx, w.actor, {
      action: w.internal ? 'message.note' : 'message.reply',
      targetType: 'support_message',
      targetId: conversation.id,
      summary: { reference: conversation.reference, entryId, ...(status !== conversation.status ? { status: { from: conversation.status, to: status } } : {}) },
    })
    return { status: 201, body: { entryId, status }, done: true }
  })
}

export interface ConversationChange {
  actor: StaffActor
  conversationId: number
  status?: ConversationStatus | undefined
  /** A member's id, or null for nobody. */
  assigneeId?: number | null | undefined
}

/** Sets a conversation's status or assignee (only to a member who answers messages), with its audit row. */
export async function changeConversation(db: Db, change: ConversationChange): Promise<StoredAnswer & { done: boolean }> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, 'm.id = $1', [change.conversationId])
    if (!conversation) return { status: 404, body: { error: conversationNotFound }, done: false }
    if (change.assigneeId !== undefined && change.assigneeId !== null) {
      const [member] = await tx.query<{ role: StaffRole }>('select role from staff where id = $1 and removed_at is null', [change.assigneeId])
      if (!member || !roleCan(member.role, 'messages.answer')) return { status: 422, body: { error: unknownAssignee }, done: false }
    }
    const status = change.status ?? conversation.status
    const assigneeId = change.assigneeId === undefined ? conversation.assignee_id : change.assigneeId
    await tx.query(`update support_messages set status = $2, assignee_id = $3, status_at = case when status = $2 then status_at else now() end where id = $1`, [
      conversation.id,
      status,
      assigneeId,
    ])
    const summary: Record<string, unknown> = { reference: conversation.reference }
    if (status !== conversation.status) summary.status = { from: conversation.status, to: status }
    if (assigneeId !== conversation.assignee_id) summary.assigneeId = { from: conversation.assignee_id, to: assigneeId }
    await audit(tx, change.actor, { action: 'message.update', targetType: 'support_message', targetId: conversation.id, summary })
    return { status: 200, body: { status, assigneeId }, done: true }
  })
}

export interface CustomerAnswering extends ConversationMail {
  keyed: Keyed
  reference: string
  body: string
}

export const answerKeyReused = 'This request was already used for a different answer.'

// An advisory lock space of its own (storeSupportMessage.ts uses 7_316_246, migrations 7_316_245).
const answerLockSpace = 7_316_247

/**
 * The customer's answer on their support page, once per Idempotency-Key (answerOnce): the conversation is open again
 * and the team gets a notice threaded under the conversation's mails, linking the thread.
 */
export function answerConversation(db: Db, a: CustomerAnswering): Promise<Outcome> {
  return answerOnce(db, a.keyed, answerKeyReused, async (tx) => {
    const conversation = await lockConversation(tx, 'm.reference = $1 and m.customer_id = $2', [a.reference, a.keyed.customerId])
    if (!conversation) return { status: 404, body: { error: conversationNotFound } }
    // One customer's answers are counted one at a time, so answers sent together cannot slip past the limit; over it
    // the 429 is not kept, and the device's outbox sends the answer again after Retry-After.
    await tx.query('select pg_advisory_xact_lock($1, $2)', [answerLockSpace, a.keyed.customerId])
    const wait = await answerRetryAfter(tx, a.keyed.customerId)
    if (wait > 0) return { passing: { status: 429, body: { error: tooManyMessages } }, headers: { 'Retry-After': String(wait) } }
    const chain = await threadChain(tx, conversation.id)
    const messageId = newMailMessageId(conversation.reference, a.supportEmail)
    await tx.query(`insert into support_entries (support_message_id, kind, body, mail_message_id) values ($1, 'answer', $2, $3)`, [
      conversation.id,
      a.body,
      messageId,
    ])
    await tx.query("update support_messages set status = 'open', status_at = case when status = 'open' then status_at else now() end where id = $1", [
      conversation.id,
    ])
    await queueMail(tx, {
      to: a.supportEmail,
      replyTo: conversation.email,
      language: DEFAULT_LANGUAGE,
      template: supportAnswerNoticeMail,
      values: { reference: conversation.reference, name: conversation.name, body: a.body, threadUrl: staffThreadUrl(a.origin, conversation.id) },
      thread: following(messageId, chain),
    })
    return { status: 201, body: { reference: conversation.reference, status: 'open' } }
  })
}
