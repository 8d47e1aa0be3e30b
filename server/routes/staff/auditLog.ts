import { Hono } from 'hono'
import * as v from 'valibot'
import { AuditPageSchema, AuditQuerySchema } from '../../../src/domain/staffAudit.ts'
import type { Db } from '../../db/types.ts'
import { answer, ValidationError } from '../../http/openApi.ts'
import { validationError } from '../../http/validationError.ts'
import { allow } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { readAuditLog } from '../../staff/auditLog.ts'
import { describeStaff } from '../../staff/describeStaff.ts'

const described = describeStaff({
  summary: 'The audit log, newest first: filtered by member, action, target and time, a page at a time',
  access: 'audit.read',
  query: AuditQuerySchema,
  responses: { 200: answer('A page of entries', AuditPageSchema), 400: answer('A filter the schema refuses', ValidationError) },
})

/** GET /audit: owners read the append-only log of every staff action. */
export function auditLogStaffRoutes(db: Db) {
  return new Hono<StaffEnv>().get('/audit', allow('audit.read'), described, async (c) => {
    const parsed = v.safeParse(AuditQuerySchema, c.req.query())
    if (!parsed.success) return validationError(c, parsed.issues)
    return c.json(await readAuditLog(db, parsed.output))
  })
}
