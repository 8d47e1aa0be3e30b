import type { StaffRole } from '../../domain/staff.ts'
import { staffApi } from '../api/client.ts'
import { withStepUp } from '../stepUp.ts'

/** GET /api/staff/team: members (removed ones too) and the invites still open. */
export interface TeamMember {
  id: number
  email: string
  name: string
  role: StaffRole
  passkeys: number
  lastSignInAt: string | null
  joinedAt: string
  removedAt: string | null
}
export interface OpenInvite {
  email: string
  name: string
  role: StaffRole
  invitedBy: string | null
  createdAt: string
  expiresAt: string
}
export interface Team {
  members: TeamMember[]
  invites: OpenInvite[]
}

export const readTeam = () => staffApi<Team>('GET', '/team')

/** Invites someone; the answer's link is also mailed to them. */
export const inviteMember = (invite: { email: string; name: string; role: StaffRole }) =>
  staffApi<{ link: string; expiresAt: string }>('POST', '/team/invites', invite)

/** A role change needs a fresh passkey check (the step-up). */
export const changeRole = (id: number, role: StaffRole) => withStepUp(() => staffApi<unknown>('PATCH', `/team/${id}`, { role }))

export const removeMember = (id: number) => staffApi<unknown>('DELETE', `/team/${id}`)
