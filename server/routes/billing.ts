import { Hono } from 'hono'
import type { Context } from 'hono'
import { billCycles } from '../billing/billCycles.ts'
import type { Clock } from '../clock.ts'
import { systemClock } from '../clock.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { idParam } from '../http/idParam.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { invalidUserId } from './services.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { BillingAnswerSchema } from '../../src/domain/billing.ts'

export const othersBilling = serverMessages.othersBilling

const described = describeApi({
  summary: "The customer's bill cycles",
  tags: ['billing'],
  signedIn: true,
  responses: {
    200: answer('Bill cycles at account level', BillingAnswerSchema),
    400: refusal('The user id is not a number'),
    403: refusal('The path names another customer'),
  },
})

/** GET /v4/partner/billing/info/3/{user_id}/ (the 3 is a fixed segment): only the signed-in customer's own bill cycles. */
export function billingRoutes(db: Db, settings: CookieSettings, clock: Clock = systemClock) {
  const signedIn = requireCustomer(db, settings)

  const billing = async (c: Context<CustomerEnv>) => {
    const userId = idParam(c.req.param('user_id') ?? '')
    if (userId === undefined) return jsonError(c, 400, invalidUserId)
    if (userId !== c.get('customerId')) return jsonError(c, 403, othersBilling)
    return c.json({ bill_cycles: { account_level: await billCycles(db, userId, clock.now()) } })
  }

  // The client calls it with the trailing slash; Hono matches the two spellings separately.
  return new Hono<CustomerEnv>()
    .get('/v4/partner/billing/info/3/:user_id/', described, signedIn, billing)
    .get('/v4/partner/billing/info/3/:user_id', described, signedIn, billing)
}
