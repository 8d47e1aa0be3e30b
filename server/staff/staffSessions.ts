import { randomBytes } from 'node:crypto'
import type { StaffRole } from '../../src/domain/staff.ts'
import { tokenHash } from '../accounts/tokenHash.ts'
import type { Queryable } from '../db/types.ts'

/** A staff session ends after this long without a request (STAFF_IDLE_MINUTES). */
export const defaultStaffIdleMinutes = 30
/** …and this long after sign-in in any case (STAFF_SESSION_HOURS). */
export const defaultStaffSessionHours = 12

export interface StaffSessionLimits {
  staffIdleMinutes?: number
  staffSessionHours?: number
}

export interface StaffMember {
  id: number
  email: string
  name: string
  role: StaffRole
}

export interface LiveStaffSession {
  member: StaffMember
  idHash: Buffer
  steppedUpAt: Date | null
}

/**
 * A new random 256-bit staff session for a member who just proved a passkey (so it starts stepped up); only its
 * hash is stored. The id goes in the staff cookie.
 */
export async function createStaffSession(
  db: Queryable,
  staffId: number,
  clientAddress: string,
  limits: StaffSessionLimits = {},
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url')
  const hours = limits.staffSessionHours ?? defaultStaffSessionHours
  const [row] = await db.query<{ expires_at: Date }>(
    `insert into staff_sessions (id_hash, staff_id, expires_at, stepped_up_at, client_address)
     values ($1, $2, now() + make_interval(hours => $3::int), now(), $4) returning expires_at`,
    [tokenHash(id), staffId, hours, clientAddress],
  )
  return { id, expiresAt: new Date(row?.expires_at ?? Date.now()) }
}

/**
 * The live session the cookie names, its last-seen time moved to now: none once it passed its absolute end, sat idle
 * longer than the idle limit, or its member was removed (those rows are deleted on the way).
 */
export async function findStaffSession(db: Queryable, id: string, limits: StaffSessionLimits = {}): Promise<LiveStaffSession | undefined> {
  const idHash = tokenHash(id)
  const idle = limits.staffIdleMinutes ?? defaultStaffIdleMinutes
  const [row] = await db.query<{ staff_id: string | number; email: string; name: string; role: StaffRole; stepped_up_at: Date | null; live: boolean }>(
    `select s.staff_id, m.email, m.name, m.role, s.stepped_up_at,
            (s.expires_at > now() and s.last_seen_at > now() - make_interval(mins => $2::int) and m.removed_at is null) as live
       from staff_sessions s join staff m on m.id = s.staff_id
      where s.id_hash = $1`,
    [idHash, idle],
  )
  if (!row) return undefined
  if (!row.live) {
    await db.query('delete from staff_sessions where id_hash = $1', [idHash])
    return undefined
  }
  await db.query('update staff_sessions set last_seen_at = now() where id_hash = $1', [idHash])
  return {
    member: { id: Number(row.staff_id), email: row.email, name: row.name, role: row.role },
    idHash,
    steppedUpAt: row.stepped_up_at ? new Date(row.stepped_up_at) : null,
  }
}

/** Ends one session (sign-out). */
export async function endStaffSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from staff_sessions where id_hash = $1', [tokenHash(id)])
}
