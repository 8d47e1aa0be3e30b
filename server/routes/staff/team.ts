import { Hono } from 'hono'
import { canGrant } from '../../../src/domain/staff.ts'
import {
  StaffInviteReplySchema,
  StaffInviteRequestSchema,
  StaffMeReplySchema,
  StaffRoleChangeSchema,
  TeamReplySchema,
  staffTeamMessages,
} from '../../../src/domain/staffTeam.ts'
import type { Db } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { idParam } from '../../http/idParam.ts'
import { readJson } from '../../http/jsonBody.ts'
import { answer, refusal } from '../../http/openApi.ts'
import type { LinkOriginSettings } from '../../mail/linkOrigin.ts'
import { mailLinkOrigin } from '../../mail/linkOrigin.ts'
import { allow, freshPasskey } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { audit, countStaffAction, staffActor } from '../../staff/audit.ts'
import { describeStaff } from '../../staff/describeStaff.ts'
import { inviteStaff } from '../../staff/inviteStaff.ts'
import { cancelInvite, openInviteFor } from '../../staff/staffInvites.ts'
import { liveMember, lockOwners, removeMember, teamOf, wouldLeaveNoOwner } from '../../staff/staffTeam.ts'

/** Why a change to the team is refused: the answer's status and message. */
const refuse = (status: 403 | 404 | 409, error: string) => ({ refused: { status, error } })

const noSuchMember = refusal('No such member on the team (or removed)')
const lastOwner = refusal('The last owner cannot be demoted or removed')

const described = {
  team: describeStaff({
    summary: 'The team: every member with role, passkeys and last sign-in (removed ones marked), and the open invitations',
    access: 'staff.read',
    responses: { 200: answer('The team', TeamReplySchema) },
  }),
  invite: describeStaff({
    summary: 'Invite someone in a role: the invitation is mailed, and its link answered for the owner to pass on',
    access: 'staff.manage',
    body: StaffInviteRequestSchema,
    responses: {
      201: answer('Invited (a newer invitation replaces an open one for the same email)', StaffInviteReplySchema),
      409: refusal('Already on the team in another role'),
    },
  }),
  cancelInvite: describeStaff({
    summary: 'Cancel the open invitation for an email: its link stops working at once',
    access: 'staff.manage',
    responses: { 204: answer('Cancelled'), 404: refusal('No open invitation for this email') },
  }),
  changeRole: describeStaff({
    summary: "Change a member's role (never above the actor's own, never the last owner's)",
    access: 'staff.manage',
    stepUp: true,
    body: StaffRoleChangeSchema,
    responses: { 200: answer('The member with the new role', StaffMeReplySchema), 404: noSuchMember, 409: lastOwner },
  }),
  remove: describeStaff({
    summary: 'Remove a member: their sessions and passkeys stop working at once (never the last owner)',
    access: 'staff.manage',
    responses: { 204: answer('Removed'), 404: noSuchMember, 409: lastOwner },
  }),
}

/** GET /team, POST and DELETE /team/invites, PATCH and DELETE /team/:id: the owners' management of the team, each change audited. */
export function teamStaffRoutes(db: Db, config: LinkOriginSettings) {
  return new Hono<StaffEnv>()
    .get('/team', allow('staff.read'), described.team, async (c) => c.json(await teamOf(db)))
    .post('/team/invites', allow('staff.manage'), described.invite, async (c) => {
      const read = readJson(c, StaffInviteRequestSchema)
      if ('refused' in read) return read.refused
      if (!canGrant(c.var.staff.role, read.body.role)) {
        countStaffAction('staff.invite', 'refused')
        return jsonError(c, 403, staffTeamMessages.cannotGrant)
      }
      const made = await inviteStaff(db, { actor: staffActor(c, config), name: c.var.staff.name }, read.body, mailLinkOrigin(c, config))
      if ('refused' in made) return jsonError(c, 409, staffTeamMessages.otherRole)
      return c.json({ link: made.link, expiresAt: made.expiresAt.toISOString() }, 201)
    })
    .delete('/team/invites/:email', allow('staff.manage'), described.cancelInvite, async (c) => {
      const email = c.req.param('email')
      const actor = c.var.staff
      const outcome = await db.transaction(async (tx) => {
        const invite = await openInviteFor(tx, email)
        if (!invite) return refuse(404, staffTeamMessages.noSuchInvite)
        // An invitation above the actor's own role is not theirs to cancel.
        if (!canGrant(actor.role, invite.role)) return refuse(403, staffTeamMessages.cannotGrant)
        await cancelInvite(tx, invite.email)
        await audit(tx, staffActor(c, config), {
          action: 'staff.invite.cancel',
          targetType: 'staff_invite',
          targetId: invite.email.toLowerCase(),
          summary: { email: invite.email, name: invite.name, role: invite.role },
        })
        return { cancelled: invite }
      })
      if ('refused' in outcome) {
        countStaffAction('staff.invite.cancel', 'refused')
        return jsonError(c, outcome.refused.status, outcome.refused.error)
      }
      countStaffAction('staff.invite.cancel', 'done')
      return c.body(null, 204)
    })
    .patch('/team/:id', allow('staff.manage'), freshPasskey(), described.changeRole, async (c) => {
      const read = readJson(c, StaffRoleChangeSchema)
      if ('refused' in read) return read.refused
      const id = idParam(c.req.param('id'))
      const { role } = read.body
      const actor = c.var.staff
      const outcome = await db.transaction(async (tx) => {
        const owners = await lockOwners(tx)
        const member = id === undefined ? undefined : await liveMember(tx, id)
        if (!member) return refuse(404, staffTeamMessages.noSuchMember)
        if (!canGrant(actor.role, role) || !canGrant(actor.role, member.role)) return refuse(403, staffTeamMessages.cannotGrant)
        if (member.role === role) return { member, changed: false }
        if (member.role === 'owner' && wouldLeaveNoOwner(owners, member.id)) return refuse(409, staffTeamMessages.lastOwner)
        await tx.query('update staff set role = $2 where id = $1', [member.id, role])
        await audit(tx, staffActor(c, config), { action: 'staff.role', targetType: 'staff', targetId: member.id, summary: { from: member.role, to: role } })
        return { member: { ...member, role }, changed: true }
      })
      if ('refused' in outcome) {
        countStaffAction('staff.role', 'refused')
        return jsonError(c, outcome.refused.status, outcome.refused.error)
      }
      if (outcome.changed) countStaffAction('staff.role', 'done')
      return c.json({ staff: outcome.member })
    })
    .delete('/team/:id', allow('staff.manage'), described.remove, async (c) => {
      const id = idParam(c.req.param('id'))
      const actor = c.var.staff
      const outcome = await db.transaction(async (tx) => {
        const owners = await lockOwners(tx)
        const member = id === undefined ? undefined : await liveMember(tx, id)
        if (!member) return refuse(404, staffTeamMessages.noSuchMember)
        if (!canGrant(actor.role, member.role)) return refuse(403, staffTeamMessages.cannotGrant)
        if (wouldLeaveNoOwner(owners, member.id)) return refuse(409, staffTeamMessages.lastOwner)
        await removeMember(tx, member)
        await audit(tx, staffActor(c, config), {
          action: 'staff.remove',
          targetType: 'staff',
          targetId: member.id,
          summary: { email: member.email, role: member.role },
        })
        return { removed: member }
      })
      if ('refused' in outcome) {
        countStaffAction('staff.remove', 'refused')
        return jsonError(c, outcome.refused.status, outcome.refused.error)
      }
      countStaffAction('staff.remove', 'done')
      return c.body(null, 204)
    })
}
