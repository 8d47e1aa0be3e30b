import * as v from 'valibot'
import { STAFF_ROLES } from './staff.ts'

/** What the staff API says about a signed-in member (GET /api/staff/me) and the queue counts they may see. */
export const StaffMemberSchema = v.object({ id: v.number(), email: v.string(), name: v.string(), role: v.picklist(STAFF_ROLES) })
export type StaffMemberReply = v.InferOutput<typeof StaffMemberSchema>

export const StaffMeReplySchema = v.object({ staff: StaffMemberSchema })

/** Each queue the member's role may act on, by name (toDispatch, refundsDue, openMessages, failedMails): how many wait. */
export const StaffQueuesReplySchema = v.object({ queues: v.record(v.string(), v.number()) })
