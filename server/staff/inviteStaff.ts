import type { StaffInviteRequest } from '../../src/domain/staffTeam.ts'
import type { Db } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { shopName } from '../mail/render.ts'
import { staffInviteMail } from '../mail/templates/staffInvite.ts'
import { audit, countStaffAction } from './audit.ts'
import type { StaffActor } from './audit.ts'
import { createInvite, inviteDays, inviteLink } from './staffInvites.ts'

export interface Inviter {
  actor: StaffActor
  /** The inviting owner's name for the mail; none: the command line, which mails nothing (it prints the link). */
  name?: string
}

/**
 * Invites someone to the team, in one transaction: the invitation, its mail (from an owner) and its audit row. An
 * email already on the team may only be invited in the role it has (to add a passkey): a role changes on the team
 * page, behind its step-up and last-owner checks.
 */
export async function inviteStaff(
  db: Db,
  inviter: Inviter,
  request: StaffInviteRequest,
  origin: string,
): Promise<{ link: string; expiresAt: Date } | { refused: 'otherRole' }> {
  const made = await db.transaction(async (tx) => {
    const [member] = await tx.query<{ role: string }>('select role from staff where lower(email) = lower($1) and removed_at is null', [request.email])
    if (member && member.role !== request.role) return { refused: 'otherRole' as const }
    const invite = await createInvite(tx, { ...request, invitedBy: inviter.actor.staffId })
    const link = inviteLink(origin, invite.token)
    if (inviter.name !== undefined)
      await queueMail(tx, {
        to: request.email,
        language: request.language,
        template: staffInviteMail,
        values: { name: request.name, inviter: inviter.name || shopName(), role: request.role, link, days: inviteDays },
      })
    await audit(tx, inviter.actor, {
      action: 'staff.invite',
      targetType: 'staff_invite',
      targetId: request.email.toLowerCase(),
      summary: { email: request.email, name: request.name, role: request.role, addsPasskey: member !== undefined },
    })
    return { link, expiresAt: invite.expiresAt }
  })
  countStaffAction('staff.invite', 'refused' in made ? 'refused' : 'done')
  return made
}
