import * as v from 'valibot'

const digits = (message: string) => v.pipe(v.string(), v.regex(/^\d{1,15}$/, message))
const time = (name: string) =>
  v.pipe(
    v.string(),
    v.check(
      (s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
      `${name} must be an ISO date or date and time`,
    ),
  )

export const AUDIT_PAGE_SIZE = 50
export const AUDIT_MAX_PAGE_SIZE = 200

/** GET /api/staff/audit's filters, each optional, as query parameters. */
export const AuditQuerySchema = v.object({
  /** Only this member's actions (their staff id). */
  staffId: v.optional(digits('staffId must be a staff id')),
  /** One action, such as refund.make. */
  action: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** What was acted on: its type (order, refund, staff…) and id. */
  targetType: v.optional(v.pipe(v.string(), v.maxLength(100))),
  targetId: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** At or after this time (an ISO date, or date and time). */
  from: v.optional(time('from')),
  /** Before this time. */
  to: v.optional(time('to')),
  /** The `next` of the page before: the entries older than those. */
  before: v.optional(digits('before must be the next value of the page before')),
  /** Entries per page, 1 to 200 (50 by default). */
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be 1 to 200'),
      v.transform(Number),
      v.minValue(1, 'limit must be 1 to 200'),
      v.maxValue(AUDIT_MAX_PAGE_SIZE, 'limit must be 1 to 200'),
    ),
  ),
})
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>

export const AuditEntrySchema = v.object({
  id: v.number(),
  /** Null for the command line. */
  staffId: v.nullable(v.number()),
  /** The member's email when they acted, or 'command line'. */
  actor: v.string(),
  action: v.string(),
  targetType: v.string(),
  targetId: v.string(),
  reason: v.nullable(v.string()),
  summary: v.record(v.string(), v.unknown()),
  clientAddress: v.string(),
  at: v.string(),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>

/** A page of the log, newest first; `next` (when there are older entries) is the `before` of the page after. */
export const AuditPageSchema = v.object({ entries: v.array(AuditEntrySchema), next: v.nullable(v.string()) })
