import { randomBytes } from 'node:crypto'
import type { StaffRole } from '../../../src/domain/staff.ts'
import type { Queryable } from '../../../server/db/types.ts'
import { staffCookieName } from '../../../server/staff/staffCookie.ts'
import { createStaffSession } from '../../../server/staff/staffSessions.ts'
import type { TestApp } from './accounts.ts'
import { uniqueEmail } from './accounts.ts'

export interface TestStaff {
  staffId: number
  email: string
  /** The Cookie header of the member's live session (a fresh one: stepped up). */
  cookie: string
}

/** A staff member of `role` with a live session, made in the database (server tests do not drive WebAuthn). */
export async function staffSession(db: Queryable, role: StaffRole, email = uniqueEmail(role)): Promise<TestStaff> {
  const [row] = await db.query<{ id: string | number }>('insert into staff (email, name, role, webauthn_user_id) values ($1, $2, $3, $4) returning id', [
    email,
    `Test ${role}`,
    role,
    randomBytes(32).toString('base64url'),
  ])
  const staffId = Number(row?.id)
  const session = await createStaffSession(db, staffId, '127.0.0.1')
  return { staffId, email, cookie: `${staffCookieName}=${session.id}` }
}

/** A staff API request as the member: JSON in and out, their cookie, never the customer's Key. */
export function staffRequest(
  app: TestApp,
  staff: Pick<TestStaff, 'cookie'> | undefined,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extraHeaders }
  if (staff) headers.Cookie = staff.cookie
  return Promise.resolve(
    app.request(`/api/staff${path}`, { method, headers, ...(body === undefined || method === 'GET' ? {} : { body: JSON.stringify(body) }) }),
  )
}
