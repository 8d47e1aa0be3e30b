import { randomBytes } from 'node:crypto'
import type { StaffRole } from '../../../src/domain/staff.ts'
import type { Db, Queryable } from '../../../server/db/types.ts'
import { createInvite } from '../../../server/staff/staffInvites.ts'
import type { Ceremony, SoftAuthenticator } from './passkeys.ts'
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
export function staffRequest(app: TestApp, staff: Pick<TestStaff, 'cookie'> | undefined, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (staff) headers.Cookie = staff.cookie
  return Promise.resolve(
    app.request(`/api/staff${path}`, { method, headers, ...(body === undefined || method === 'GET' ? {} : { body: JSON.stringify(body) }) }),
  )
}

/** The staff_sid cookie a response set, as `staff_sid=value` for a Cookie header; undefined when none. */
export function staffCookieOf(res: Response): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${staffCookieName}=`))
  const pair = line?.split(';')[0]
  return pair && pair !== `${staffCookieName}=` ? pair : undefined
}

/** An invitation made straight in the database (as the command line makes the first owner's): its token. */
export async function invite(db: Db, role: StaffRole, email = uniqueEmail(role), invitedBy: number | null = null): Promise<{ token: string; email: string }> {
  const { token } = await db.transaction((tx) => createInvite(tx, { email, name: `New ${role}`, role, invitedBy }))
  return { token, email }
}

/** The origin app.request's requests come from. */
export const testOrigin = 'http://localhost'

/** Accepts an invitation as the staff app does: asks for the options, makes the passkey, sends it back. */
export async function acceptInvite(app: TestApp, token: string, authenticator: SoftAuthenticator, ceremony: Partial<Ceremony> = {}) {
  const options = await staffRequest(app, undefined, 'POST', `/invites/${token}/options`)
  if (options.status !== 200) return options
  const { options: creation } = (await options.json()) as { options: Parameters<SoftAuthenticator['register']>[0] }
  return staffRequest(app, undefined, 'POST', `/invites/${token}`, { response: authenticator.register(creation, { origin: testOrigin, ...ceremony }) })
}

/** Signs in with a passkey of the authenticator as the staff app does. */
export async function passkeySignIn(app: TestApp, authenticator: SoftAuthenticator, ceremony: Partial<Ceremony> = {}, headers: Record<string, string> = {}) {
  const options = await app.request('/api/staff/sign-in/options', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } })
  const { options: request } = (await options.json()) as { options: Parameters<SoftAuthenticator['assert']>[0] }
  const answer = authenticator.assert(request, { origin: testOrigin, ...ceremony })
  return app.request('/api/staff/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ response: answer }),
  })
}
