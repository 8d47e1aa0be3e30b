import { createHash, randomBytes } from 'node:crypto'
import type { StaffRole } from '../../src/domain/staff.ts'
import { tokenHash } from '../accounts/tokenHash.ts'
import type { Queryable } from '../db/types.ts'

/** How long an invitation link works. */
export const inviteDays = 7

export type InviteRefusal = 'invalid' | 'used' | 'expired'

export interface NewInvite {
  email: string
  name: string
  role: StaffRole
  /** The owner who invites; null for the command line. */
  invitedBy: number | null
}

/** The staff app's page that accepts an invitation (src/staff, /staff/invite/$token). */
export const inviteLink = (origin: string, token: string) => `${origin}/staff/invite/${token}`

/** An invitation token as the server makes them: 256 random bits, base64url. */
export const isInviteToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)

/**
 * A new invitation (256 random bits, only the hash stored) working for seven days; an earlier one still open for the
 * same email stops working, so only the newest link counts.
 */
export async function createInvite(tx: Queryable, invite: NewInvite): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  await tx.query('update staff_invites set expires_at = now() where lower(email) = lower($1) and used_at is null and expires_at > now()', [invite.email])
  const [row] = await tx.query<{ expires_at: Date }>(
    `insert into staff_invites (token_hash, email, name, role, invited_by, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) returning expires_at`,
    [tokenHash(token), invite.email.trim(), invite.name.trim(), invite.role, invite.invitedBy, inviteDays],
  )
  return { token, expiresAt: new Date(row?.expires_at ?? Date.now()) }
}

export interface OpenInvite {
  tokenHash: Buffer
  email: string
  name: string
  role: StaffRole
  /** The WebAuthn user handle the passkey is made for: the member's own when the email is a member's already. */
  webauthnUserId: string
  /** The member's passkeys, when the invitation adds one to an existing member (the authenticator skips those). */
  passkeys: { id: string; transports: string[] }[]
}

/**
 * A new member's WebAuthn user handle, derived from their invitation so the options and the stored member agree
 * without keeping anything between the two calls: random to anyone without the link, and never the email.
 */
const newMemberUserId = (hash: Buffer) => createHash('sha256').update('staff webauthn user').update(hash).digest().toString('base64url')

/** Why an invitation cannot be used now, or undefined when it can. */
async function inviteRefusal(db: Queryable, hash: Buffer): Promise<InviteRefusal> {
  const [row] = await db.query<{ used: boolean }>('select used_at is not null as used from staff_invites where token_hash = $1', [hash])
  return !row ? 'invalid' : row.used ? 'used' : 'expired'
}

/** The invitation a link names while it is unused and unexpired, with whom it makes the passkey for. */
export async function openInvite(db: Queryable, token: string): Promise<OpenInvite | { refused: InviteRefusal }> {
  if (!isInviteToken(token)) return { refused: 'invalid' }
  const hash = tokenHash(token)
  const [invite] = await db.query<{ email: string; name: string; role: StaffRole; member_id: number | null; webauthn_user_id: string | null }>(
    `select i.email, i.name, i.role, m.id as member_id, m.webauthn_user_id
       from staff_invites i left join staff m on lower(m.email) = lower(i.email)
      where i.token_hash = $1 and i.used_at is null and i.expires_at > now()`,
    [hash],
  )
  if (!invite) return { refused: await inviteRefusal(db, hash) }
  const passkeys =
    invite.member_id === null
      ? []
      : await db.query<{ id: string; transports: string[] }>(
          'select credential_id as id, transports from staff_passkeys where staff_id = $1 order by created_at',
          [invite.member_id],
        )
  return {
    tokenHash: hash,
    email: invite.email,
    name: invite.name,
    role: invite.role,
    webauthnUserId: invite.webauthn_user_id ?? newMemberUserId(hash),
    passkeys,
  }
}

export interface JoinedMember {
  id: number
  email: string
  name: string
  role: StaffRole
  /** True when the invitation added a passkey to a member already on the team. */
  existing: boolean
}

/**
 * Uses the invitation, in `tx`: one statement marks it used if it still works, so of two uses at once (on any
 * instances) one goes on and the other is refused. The member is created, or given back their place when they had
 * been removed (in the invitation's role), or, already on the team, keeps their role and gains a passkey.
 */
export async function joinByInvite(tx: Queryable, token: string): Promise<JoinedMember | { refused: InviteRefusal }> {
  const hash = tokenHash(token)
  const [invite] = await tx.query<{ email: string; name: string; role: StaffRole }>(
    'update staff_invites set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning email, name, role',
    [hash],
  )
  if (!invite) return { refused: await inviteRefusal(tx, hash) }
  const [member] = await tx.query<{ id: number; email: string; name: string; role: StaffRole; removed: boolean }>(
    'select id, email, name, role, removed_at is not null as removed from staff where lower(email) = lower($1) for update',
    [invite.email],
  )
  if (member && !member.removed) return { id: Number(member.id), email: member.email, name: member.name, role: member.role, existing: true }
  if (member) {
    await tx.query('update staff set removed_at = null, role = $2, name = $3 where id = $1', [member.id, invite.role, invite.name])
    return { id: Number(member.id), email: member.email, name: invite.name, role: invite.role, existing: false }
  }
  const [created] = await tx.query<{ id: number }>('insert into staff (email, name, role, webauthn_user_id) values ($1, $2, $3, $4) returning id', [
    invite.email,
    invite.name,
    invite.role,
    newMemberUserId(hash),
  ])
  return { id: Number(created?.id), email: invite.email, name: invite.name, role: invite.role, existing: false }
}

/** The open invitation for an email (at most one is open: createInvite makes sure), locked until the transaction ends. */
export async function openInviteFor(tx: Queryable, email: string): Promise<{ email: string; name: string; role: StaffRole } | undefined> {
  const [open] = await tx.query<{ email: string; name: string; role: StaffRole }>(
    'select email, name, role from staff_invites where lower(email) = lower($1) and used_at is null and expires_at > now() for update',
    [email],
  )
  return open
}

/** Cancels the open invitation for an email: its link stops working at once. */
export async function cancelInvite(tx: Queryable, email: string): Promise<void> {
  await tx.query('update staff_invites set expires_at = now() where lower(email) = lower($1) and used_at is null and expires_at > now()', [email])
}
