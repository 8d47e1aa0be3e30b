import { Hono } from 'hono'
import { loadUser } from '../accounts/customers.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { notSignedIn, requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { UserReplySchema } from '../../src/domain/account.ts'

export const otherCustomersProfile = serverMessages.othersProfile

const described = describeApi({
  summary: "The signed-in customer's profile, asked for by their own email",
  tags: ['account'],
  signedIn: true,
  responses: { 200: answer('The customer', UserReplySchema), 403: refusal("Another customer's email") },
})

/** GET /v8/partner/detailed_customer_profile/email/:email: only the signed-in customer's own profile, not anyone's by email. */
export function profileRoutes(db: Db, settings: CookieSettings) {
  return new Hono<CustomerEnv>().get('/v8/partner/detailed_customer_profile/email/:email', described, requireCustomer(db, settings), async (c) => {
    const user = await loadUser(db, c.get('customerId'))
    if (!user) return jsonError(c, 401, notSignedIn)
    if (user.email.toLowerCase() !== c.req.param('email').trim().toLowerCase()) return jsonError(c, 403, otherCustomersProfile)
    return c.json({ user })
  })
}
