import { Hono } from 'hono'
import { loadUser } from '../accounts/customers.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { notSignedIn, requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

export const otherCustomersProfile = serverMessages.othersProfile

/** GET /v8/partner/detailed_customer_profile/email/:email: only the signed-in customer's own profile (GUIDE §4). */
export function profileRoutes(db: Db, settings: CookieSettings) {
  return new Hono<CustomerEnv>().get('/v8/partner/detailed_customer_profile/email/:email', requireCustomer(db, settings), async (c) => {
    const user = await loadUser(db, c.get('customerId'))
    if (!user) return jsonError(c, 401, notSignedIn)
    if (user.email.toLowerCase() !== c.req.param('email').trim().toLowerCase()) return jsonError(c, 403, otherCustomersProfile)
    return c.json({ user })
  })
}
