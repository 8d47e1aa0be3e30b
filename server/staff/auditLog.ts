import { AUDIT_PAGE_SIZE } from '../../src/domain/staffAudit.ts'
import type { AuditEntry, AuditQuery } from '../../src/domain/staffAudit.ts'
import type { Queryable } from '../db/types.ts'

/** A page of the audit log, newest first, with the filters given; paged by id (the order rows were written). */
export async function readAuditLog(db: Queryable, query: AuditQuery): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const limit = query.limit ?? AUDIT_PAGE_SIZE
  const rows = await db.query<{
    id: number
    staff_id: number | null
    actor: string
    action: string
    target_type: string
    target_id: string
    reason: string | null
    summary: Record<string, unknown>
    client_address: string
    at: Date
  }>(
    `select id, staff_id, actor, action, target_type, target_id, reason, summary, client_address, at from audit_log
      where ($1::bigint is null or staff_id = $1) and ($2::text is null or action = $2)
        and ($3::text is null or target_type = $3) and ($4::text is null or target_id = $4)
        and ($5::text is null or at >= $5::text::timestamptz) and ($6::text is null or at < $6::text::timestamptz)
        and ($7::bigint is null or id < $7)
      order by id desc limit $8`,
    [
      query.staffId ?? null,
      query.action ?? null,
      query.targetType ?? null,
      query.targetId ?? null,
      query.from ?? null,
      query.to ?? null,
      query.before ?? null,
      limit + 1,
    ],
  )
  const page = rows.slice(0, limit)
  return {
    entries: page.map((r) => ({
      id: Number(r.id),
      staffId: r.staff_id === null ? null : Number(r.staff_id),
      actor: r.actor,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      reason: r.reason,
      summary: r.summary,
      clientAddress: r.client_address,
      at: new Date(r.at).toISOString(),
    })),
    next: rows.length > limit ? String(page.at(-1)?.id) : null,
  }
}
