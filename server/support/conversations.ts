import type { ConversationStatus, CustomerConversation, StaffConversation, StaffEntry, StaffThread } from '../../src/domain/conversations.ts'
import type { Queryable } from '../db/types.ts'

// Reads of support conversations: the customer's (public entries only) and the team's (with notes).

const iso = (d: Date | string): string => new Date(d).toISOString()

const EXCERPT = 120

interface ConversationRow {
  id: string | number
  reference: string
  status: ConversationStatus
  name: string
  email: string
  customer_id: string | number | null
  language: string
  assignee_id: string | number | null
  assignee_name: string | null
  created_at: Date | string
  status_at: Date | string
  message: string
}

const conversationColumns = `m.id, m.reference, m.status, m.name, m.email, m.customer_id, m.language, m.assignee_id, a.name as assignee_name,
  m.created_at, m.status_at, m.message`

const staffConversation = (r: ConversationRow): StaffConversation => ({
  id: Number(r.id),
  reference: r.reference,
  status: r.status,
  name: r.name,
  email: r.email,
  customerId: r.customer_id === null ? null : Number(r.customer_id),
  language: r.language,
  assignee: r.assignee_id === null ? null : { id: Number(r.assignee_id), name: r.assignee_name ?? '' },
  createdAt: iso(r.created_at),
  statusAt: iso(r.status_at),
  excerpt: excerpt(r.message),
})

function excerpt(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT - 1).join('')}…` : chars.join('')
}

export interface QueueFilter {
  status?: ConversationStatus | undefined
  /** A member's id, or 'none' for conversations nobody took. */
  assignee?: number | 'none' | undefined
}

/** The team's queue: open conversations first, then waiting, then resolved; in each, the one longest in its state first. */
export async function listConversations(db: Queryable, { status, assignee }: QueueFilter, limit = 200): Promise<StaffConversation[]> {
  const rows = await db.query<ConversationRow>(
    `select ${conversationColumns} from support_messages m left join staff a on a.id = m.assignee_id
     where ($1::text is null or m.status = $1)
       and ($2::text is null or ($2 = 'none' and m.assignee_id is null) or m.assignee_id::text = $2)
     order by case m.status when 'open' then 0 when 'waiting' then 1 else 2 end, m.status_at, m.id
     limit $3`,
    [status ?? null, assignee === undefined ? null : String(assignee), limit],
  )
  return rows.map(staffConversation)
}

/** The conversations waiting for the team (the openMessages queue). */
export async function countOpenConversations(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: string | number }>("select count(*) as count from support_messages where status = 'open'")
  return Number(row?.count ?? 0)
}

interface EntryRow {
  id: string | number
  kind: 'reply' | 'note' | 'answer'
  body: string
  created_at: Date | string
  staff_id: string | number | null
  staff_name: string | null
}

/** A whole thread for the team: the first message, then every entry, notes included; undefined when there is none. */
export async function readThread(db: Queryable, id: number): Promise<StaffThread | undefined> {
  const [row] = await db.query<ConversationRow>(
    `select ${conversationColumns} from support_messages m left join staff a on a.id = m.assignee_id where m.id = $1`,
    [id],
  )
  if (!row) return undefined
  const entries = await db.query<EntryRow>(
    `select e.id, e.kind, e.body, e.created_at, e.staff_id, s.name as staff_name
     from support_entries e left join staff s on s.id = e.staff_id where e.support_message_id = $1 order by e.id`,
    [id],
  )
  const first: StaffEntry = { id: 0, kind: 'message', body: row.message, at: iso(row.created_at), staff: null }
  return {
    message: staffConversation(row),
    entries: [
      first,
      ...entries.map((e) => ({
        id: Number(e.id),
        kind: e.kind,
        body: e.body,
        at: iso(e.created_at),
        staff: e.staff_id === null ? null : { id: Number(e.staff_id), name: e.staff_name ?? '' },
      })),
    ],
  }
}

/**
 * The customer's own conversations, newest first, each with its public entries only: their first message, the
 * team's replies and their own answers. A note is never selected here, so it cannot reach a customer.
 */
export async function customerConversations(db: Queryable, customerId: number): Promise<CustomerConversation[]> {
  const threads = await db.query<{ id: string | number; reference: string; status: ConversationStatus; message: string; created_at: Date | string }>(
    'select id, reference, status, message, created_at from support_messages where customer_id = $1 order by created_at desc, id desc limit 100',
    [customerId],
  )
  if (threads.length === 0) return []
  const entries = await db.query<{ support_message_id: string | number; kind: 'reply' | 'answer'; body: string; created_at: Date | string }>(
    `select e.support_message_id, e.kind, e.body, e.created_at from support_entries e join support_messages m on m.id = e.support_message_id
     where m.customer_id = $1 and e.kind in ('reply', 'answer') order by e.id`,
    [customerId],
  )
  return threads.map((t) => ({
    reference: t.reference,
    status: t.status,
    createdAt: iso(t.created_at),
    entries: [
      { kind: 'message' as const, body: t.message, at: iso(t.created_at) },
      ...entries.filter((e) => String(e.support_message_id) === String(t.id)).map((e) => ({ kind: e.kind, body: e.body, at: iso(e.created_at) })),
    ],
  }))
}
