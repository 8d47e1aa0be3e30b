import type { StaffPermission } from '../../src/domain/staff.ts'
import type { Queryable } from '../db/types.ts'
import { toDispatchSql } from '../orders/orderStage.ts'
import { countFailedMails } from '../routes/staff/mails.ts'
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
export const staffQueues: StaffQueue[] = [
  // Paid orders with a SIM waiting to be sent (being prepared, or to be sent again after RICA failed).
  { name: 'toDispatch', permission: 'fulfilment.record', count: async (db) => (await db.query<{ n: number }>(toDispatchSql))[0]?.n ?? 0 },
  { name: 'openMessages', permission: 'messages.read', count: countOpenConversations },
  { name: 'failedMails', permission: 'mails.resend', count: countFailedMails },
]
