import type { StaffRole } from '../../domain/staff.ts'
import type { StaffInviteRequest, TeamReply } from '../../domain/staffTeam.ts'
import { staffApi } from '../api/client.ts'
import { withStepUp } from '../stepUp.ts'

/** GET /api/staff/team (the types only: the staff app loads none of the storefront's modules). */
export type Team = TeamReply
export type TeamMember = TeamReply['members'][number]

export const readTeam = () => staffApi<Team>('GET', '/team')

/** Invites someone; the answer's link is also mailed to them. */
export const inviteMember = (invite: StaffInviteRequest) => staffApi<{ link: string; expiresAt: string }>('POST', '/team/invites', invite)

/** A role change needs a fresh passkey check (the step-up). */
export const changeRole = (id: number, role: StaffRole) => withStepUp(() => staffApi<unknown>('PATCH', `/team/${id}`, { role }))

export const removeMember = (id: number) => staffApi<unknown>('DELETE', `/team/${id}`)

/** Cancels the open invitation for an email: its link stops working. */
export const cancelInvite = (email: string) => staffApi<unknown>('DELETE', `/team/invites/${encodeURIComponent(email)}`)
