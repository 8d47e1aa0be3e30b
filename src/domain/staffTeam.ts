import * as v from 'valibot'
import { LANGUAGES } from './languageCodes.ts'
import { STAFF_ROLES } from './staff.ts'
import { MAX_EMAIL_LENGTH, MAX_FIELD_LENGTH, noBidiControls } from './storable.ts'

/** What the staff API says about a signed-in member (GET /api/staff/me) and the queue counts they may see. */
export const StaffMemberSchema = v.object({ id: v.number(), email: v.string(), name: v.string(), role: v.picklist(STAFF_ROLES) })
export type StaffMemberReply = v.InferOutput<typeof StaffMemberSchema>

export const StaffMeReplySchema = v.object({ staff: StaffMemberSchema })

/** Each queue the member's role may act on, by name (toDispatch, refundsDue, openMessages, failedMails): how many wait. */
export const StaffQueuesReplySchema = v.object({ queues: v.record(v.string(), v.number()) })

export const staffTeamMessages = {
  nameRequired: 'Name is required.',
  emailShape: 'Invalid email address.',
  cannotGrant: 'You cannot give a role above your own.',
  lastOwner: 'The shop needs an owner: the last owner cannot be removed or given another role.',
  otherRole: 'This person is already on the team with another role: change their role on the team page instead.',
  noSuchMember: 'There is no such member on the team.',
  noSuchInvite: 'There is no open invitation for this email: it was accepted, cancelled or has expired.',
} as const

/** Body of POST /api/staff/team/invites: whom to invite, in which role, and in which language to mail them. */
export const StaffInviteRequestSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(staffTeamMessages.emailShape),
    v.maxLength(MAX_EMAIL_LENGTH, staffTeamMessages.emailShape),
    v.email(staffTeamMessages.emailShape),
  ),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(staffTeamMessages.nameRequired), v.maxLength(MAX_FIELD_LENGTH), noBidiControls(staffTeamMessages.nameRequired)),
  role: v.picklist(STAFF_ROLES),
  /** The language of the invitation's mail (the inviting owner's by default in the staff app). */
  language: v.optional(v.picklist(LANGUAGES), 'en'),
})
export type StaffInviteRequest = v.InferOutput<typeof StaffInviteRequestSchema>

/** 201: the invitation's link, for the owner to pass on as well as the mail that carries it. */
export const StaffInviteReplySchema = v.object({ link: v.string(), expiresAt: v.string() })

/** Body of PATCH /api/staff/team/:id. */
export const StaffRoleChangeSchema = v.object({ role: v.picklist(STAFF_ROLES) })

const at = v.string()

/** GET /api/staff/team: every member, removed ones too (the audit log names them), and the invitations still open. */
export const TeamReplySchema = v.object({
  members: v.array(
    v.object({
      id: v.number(),
      email: v.string(),
      name: v.string(),
      role: v.picklist(STAFF_ROLES),
      passkeys: v.number(),
      lastSignInAt: v.nullable(at),
      joinedAt: at,
      removedAt: v.nullable(at),
    }),
  ),
  invites: v.array(
    v.object({ email: v.string(), name: v.string(), role: v.picklist(STAFF_ROLES), invitedBy: v.nullable(v.string()), createdAt: at, expiresAt: at }),
  ),
})
export type TeamReply = v.InferOutput<typeof TeamReplySchema>
