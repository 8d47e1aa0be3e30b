import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { StaffRole } from '../../src/domain/staff.ts'
import type { Queryable } from '../db/types.ts'
import { boundedKey } from '../http/boundedKey.ts'
import { clientAddress } from '../http/requestInfo.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import { staffActions } from '../metrics.ts'
import { staffForbidden, staffNotSignedIn } from './allow.ts'
import type { StaffEnv } from './allow.ts'

/** Who acts: a staff member (from their session) or the command line (staffId null). */
export interface StaffActor {
  staffId: number | null
  /** The member's email as it was when they acted (the command line: 'command line'). */
  actor: string
  clientAddress: string
  /** The role the request was allowed with, and the hash of the session it came with (none for the command line). */
  role?: StaffRole
  sessionHash?: Buffer
}

/**
 * A member's request was allowed, then they were removed, signed out or given another role before it acted: the
 * action is refused in its own transaction, so nothing of it happens (401 once the session is gone, 403 for the role).
 */
export class StaffActorChanged extends HTTPException {}

export interface AuditEntry {
  /** `<area>.<verb>`: order.dispatch, refund.make, message.reply, customer.view, mail.resend, staff.invite… */
  action: string
  targetType: string
  targetId: string | number
  reason?: string | null
  /** What changed, briefly (never a secret, a password hash or a whole ID number). */
  summary?: Record<string, unknown>
}

/** The signed-in member acting on this request, with the client address their proxy reports. */
export const staffActor = (c: Context<StaffEnv>, trust: ProxyTrust): StaffActor => ({
  staffId: c.var.staff.id,
  actor: c.var.staff.email,
  clientAddress: boundedKey(clientAddress(c, trust)),
  role: c.var.staff.role,
  sessionHash: c.var.staffSession.idHash,
})

export const commandLineActor: StaffActor = { staffId: null, actor: 'command line', clientAddress: '' }

/**
 * Writes the one audit row of a staff action inside `tx`, the transaction that does it, so the row exists exactly
 * when the action does; counts it in storefront_staff_actions_total once the caller's transaction is known to commit
 * (call countStaffAction after it). The log is append-only (migration 026).
 */
export async function audit(tx: Queryable, actor: StaffActor, entry: AuditEntry): Promise<void> {
  // An action on the member's own row (their own role change) has just changed that row, under its lock: nobody
  // else's change can come between, and the row no longer reads as the request was allowed.
  const onSelf = entry.targetType === 'staff' && String(entry.targetId) === String(actor.staffId)
  if (actor.staffId !== null && !onSelf) await stillAllowed(tx, actor)
  await tx.query(
    `insert into audit_log (staff_id, actor, action, target_type, target_id, reason, summary, client_address)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8)`,
    [
      actor.staffId,
      actor.actor,
      entry.action,
      entry.targetType,
      String(entry.targetId),
      entry.reason ?? null,
      JSON.stringify(entry.summary ?? {}),
      actor.clientAddress,
    ],
  )
}

/**
 * Whether the member may still act as the request was allowed: their row locked (FOR SHARE) until the action's
 * transaction ends, so a removal, a role change or the end of their sessions made meanwhile either committed first
 * (and the action is refused here) or waits for the action to commit. A request kept in flight while an owner locks
 * the member out never lands after the lockout.
 */
async function stillAllowed(tx: Queryable, actor: StaffActor): Promise<void> {
  const [member] = await tx.query<{ role: StaffRole; removed: boolean }>('select role, removed_at is not null as removed from staff where id = $1 for share', [
    actor.staffId,
  ])
  const session =
    actor.sessionHash === undefined
      ? []
      : await tx.query('select 1 from staff_sessions where id_hash = $1 and staff_id = $2 and expires_at > now()', [actor.sessionHash, actor.staffId])
  if (!member || member.removed || (actor.sessionHash !== undefined && session.length === 0)) throw new StaffActorChanged(401, { message: staffNotSignedIn })
  if (actor.role !== undefined && member.role !== actor.role) throw new StaffActorChanged(403, { message: staffForbidden })
}

/** Counts a staff action by outcome: 'done' after its transaction committed, 'refused' when it was turned down. */
export const countStaffAction = (action: string, outcome: 'done' | 'refused'): void => {
  staffActions.inc({ action, outcome })
}
