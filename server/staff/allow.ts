import type { Context, MiddlewareHandler } from 'hono'
import { STEP_UP_SECONDS, roleCan, stepUpNeeded } from '../../src/domain/staff.ts'
import type { StaffPermission } from '../../src/domain/staff.ts'
import { jsonError } from '../http/errors.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import type { LiveStaffSession, StaffMember } from './staffSessions.ts'

/** What the staff API's session middleware (staffApi.ts) hands to routes once a staff cookie names a live session. */
export type StaffEnv = {
  Variables: AppEnv['Variables'] & { staff: StaffMember; staffSession: LiveStaffSession; staffCookie: string }
}

/** A staff route's declared permission, read by the role matrix test to find a route that declares none. */
export const permissionOf = Symbol('staff permission')

/** A permission, any signed-in member ('signed-in': their own session and profile), or no session at all ('anyone'). */
export type StaffAccess = StaffPermission | 'signed-in' | 'anyone'

export type AllowMiddleware = MiddlewareHandler<StaffEnv> & { [permissionOf]: StaffAccess }

export const staffNotSignedIn = 'Sign in to the back office.'
export const staffForbidden = 'Your role does not allow this.'

/**
 * The first middleware of every staff route: 401 without a live staff session, 403 when the member's role lacks the
 * permission. `'anyone'` is for the sign-in and invitation routes only; `'signed-in'` for a member's own session.
 */
export function allow(permission: StaffAccess): AllowMiddleware {
  const middleware: MiddlewareHandler<StaffEnv> = async (c, next) => {
    if (permission !== 'anyone') {
      const staff = c.var.staff as StaffMember | undefined
      if (!staff) return jsonError(c, 401, staffNotSignedIn)
      if (permission !== 'signed-in' && !roleCan(staff.role, permission)) return jsonError(c, 403, staffForbidden)
    }
    await next()
  }
  return Object.assign(middleware, { [permissionOf]: permission })
}

/** Whether the session proved a passkey within the step-up window. */
export const steppedUp = (c: Context<StaffEnv>, now = Date.now()): boolean => {
  const at = c.var.staffSession?.steppedUpAt
  return at !== null && at !== undefined && now - at.getTime() <= STEP_UP_SECONDS * 1000
}

/** After allow(): 403 `{ error, stepUp: true }` unless the member proved their passkey within STEP_UP_SECONDS. */
export const freshPasskey = (): MiddlewareHandler<StaffEnv> => async (c, next) => {
  if (!steppedUp(c)) return c.json({ error: stepUpNeeded, stepUp: true }, 403)
  await next()
}
