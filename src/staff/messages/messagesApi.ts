import type { ConversationStatus, StaffConversation, StaffThread } from '../../domain/conversations.ts'
import { staffApi } from '../api/client.ts'

/** GET /api/staff/messages: the queue, open first; `assignee` a member's id or 'none'. */
export const readConversations = (filter: { status?: ConversationStatus | undefined; assignee?: string | undefined }) =>
  staffApi<{ messages: StaffConversation[] }>('GET', '/messages', undefined, { status: filter.status, assignee: filter.assignee })

export const readThread = (id: number) => staffApi<StaffThread>('GET', `/messages/${id}`)

/**
 * A reply (mailed to the customer) or an internal note. The key is made when the member presses the button, so a
 * double click, or a retry after a lost answer, writes once.
 */
export const writeEntry = (id: number, entry: { body: string; internal: boolean }, key: string) =>
  staffApi<{ entryId: number; status: ConversationStatus }>('POST', `/messages/${id}/replies`, entry, undefined, { 'Idempotency-Key': key })

export const changeConversation = (id: number, change: { status?: ConversationStatus; assigneeId?: number | null }) =>
  staffApi<{ status: ConversationStatus; assigneeId: number | null }>('PATCH', `/messages/${id}`, change)
