import type { Context } from 'hono'
import type { Queryable } from '../db/types.ts'
import { boundedKey } from '../http/boundedKey.ts'
import { clientAddress } from '../http/requestInfo.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import { staffActions } from '../metrics.ts'
import type { StaffEnv } from './allow.ts'

/** Who acts: a staff member (from their session) or the command line (staffId null). */
export interface StaffActor {
  staffId: number | null
  /** The member's email as it was when they acted (the command line: 'command line'). */
  actor: string
  clientAddress: string
}

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
})

export const commandLineActor: StaffActor = { staffId: null, actor: 'command line', clientAddress: '' }

/**
 * Writes the one audit row of a staff action inside `tx`, the transaction that does it, so the row exists exactly
 * when the action does; counts it in storefront_staff_actions_total once the caller's transaction is known to commit
 * (call countStaffAction after it). The log is append-only (migration 026).
 */
export async function audit(tx: Queryable, actor: StaffActor, entry: AuditEntry): Promise<void> {
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

/** Counts a staff action by outcome: 'done' after its transaction committed, 'refused' when it was turned down. */
export const countStaffAction = (action: string, outcome: 'done' | 'refused'): void => {
  staffActions.inc({ action, outcome })
}
