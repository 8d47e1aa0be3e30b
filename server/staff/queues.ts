import type { StaffPermission } from '../../src/domain/staff.ts'
import type { Queryable } from '../db/types.ts'
import { countOpenConversations } from '../support/conversations.ts'

/** A queue of work waiting for staff, counted for the app's navigation (GET /api/staff/queues). */
export interface StaffQueue {
  /** toDispatch, refundsDue, openMessages, failedMails */
  name: string
  /** Only members who may act on the queue see its count. */
  permission: StaffPermission
  count: (db: Queryable) => Promise<number>
}

/** Every queue; each area adds its own. */
export const staffQueues: StaffQueue[] = [{ name: 'openMessages', permission: 'messages.read', count: countOpenConversations }]
