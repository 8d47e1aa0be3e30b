import type { StaffRole } from '../../src/domain/staff.ts'
import type { TeamReply } from '../../src/domain/staffTeam.ts'
import type { Queryable } from '../db/types.ts'

const iso = (at: Date | string | null): string | null => (at === null ? null : new Date(at).toISOString())

/** Every member (removed ones too: the audit log names them), with their passkeys and last sign-in, and the open invitations. */
export async function teamOf(db: Queryable): Promise<TeamReply> {
  const members = await db.query<{
    id: number
    email: string
    name: string
    role: StaffRole
    passkeys: number
    last_sign_in_at: Date | null
    created_at: Date
    removed_at: Date | null
  }>(
    `select m.id, m.email, m.name, m.role, m.created_at, m.removed_at,
            (select count(*) from staff_passkeys p where p.staff_id = m.id)::int as passkeys,
            (select max(a.at) from audit_log a where a.staff_id = m.id and a.action in ('staff.sign-in', 'staff.join')) as last_sign_in_at
       from staff m order by m.removed_at is not null, lower(m.name), m.id`,
  )
  const invites = await db.query<{ email: string; name: string; role: StaffRole; invited_by: string | null; created_at: Date; expires_at: Date }>(
    `select i.email, i.name, i.role, b.email as invited_by, i.created_at, i.expires_at
       from staff_invites i left join staff b on b.id = i.invited_by
      where i.used_at is null and i.expires_at > now() order by i.created_at desc`,
  )
  return {
    members: members.map((m) => ({
      id: Number(m.id),
      email: m.email,
      name: m.name,
      role: m.role,
      passkeys: Number(m.passkeys),
      lastSignInAt: iso(m.last_sign_in_at),
      joinedAt: iso(m.created_at) ?? '',
      removedAt: iso(m.removed_at),
    })),
    invites: invites.map((i) => ({
      email: i.email,
      name: i.name,
      role: i.role,
      invitedBy: i.invited_by,
      createdAt: iso(i.created_at) ?? '',
      expiresAt: iso(i.expires_at) ?? '',
    })),
  }
}

/** A member on the team now (not removed), or undefined. */
export async function liveMember(db: Queryable, id: number): Promise<{ id: number; email: string; name: string; role: StaffRole } | undefined> {
  const [row] = await db.query<{ id: number; email: string; name: string; role: StaffRole }>(
    'select id, email, name, role from staff where id = $1 and removed_at is null',
    [id],
  )
  return row && { ...row, id: Number(row.id) }
}

/**
 * Locks every owner's row until `tx` ends and answers how many there are. A demotion or removal takes this lock
 * first, so two of them at once (on any instances) go one after the other and the second sees the first's change:
 * both cannot leave the shop without an owner.
 */
export async function lockOwners(tx: Queryable): Promise<number[]> {
  const rows = await tx.query<{ id: number }>("select id from staff where role = 'owner' and removed_at is null order by id for update")
  return rows.map((r) => Number(r.id))
}

/** Whether taking `id` out of the owners (demoting or removing them) would leave none; call with the owners locked. */
export const wouldLeaveNoOwner = (owners: number[], id: number): boolean => owners.includes(id) && owners.length === 1

/** Removes a member: their row stays (the audit log names them), their sessions, passkeys, challenges and open invitations end. */
export async function removeMember(tx: Queryable, member: { id: number; email: string }): Promise<void> {
  await tx.query('update staff set removed_at = now() where id = $1', [member.id])
  await tx.query('delete from staff_sessions where staff_id = $1', [member.id])
  await tx.query('delete from staff_challenges where staff_id = $1', [member.id])
  await tx.query('delete from staff_passkeys where staff_id = $1', [member.id])
  await tx.query('update staff_invites set expires_at = now() where lower(email) = lower($1) and used_at is null and expires_at > now()', [member.email])
}
