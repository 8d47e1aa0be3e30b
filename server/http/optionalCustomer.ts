import type { MiddlewareHandler } from 'hono'
import { findSession } from '../accounts/sessions.ts'
import type { Db } from '../db/types.ts'
import type { AppEnv } from './jsonBody.ts'
import { readSessionCookie, setSessionCookie } from './sessionCookie.ts'
import type { CookieSettings } from './sessionCookie.ts'

/** Routes open to everyone read the signed-in customer's id, when there is one, from c.get('customerId'). */
export type MaybeCustomerEnv = { Variables: AppEnv['Variables'] & { customerId: number | undefined } }

/** Names the customer of a live session and rolls it forward like requireCustomer, but lets everyone through. */
export function optionalCustomer(db: Db, settings: CookieSettings): MiddlewareHandler<MaybeCustomerEnv> {
  return async (c, next) => {
    const id = readSessionCookie(c)
    const session = id ? await findSession(db, id) : undefined
    if (id && session?.renewed) setSessionCookie(c, id, session.expiresAt, settings)
    c.set('customerId', session?.customerId)
    await next()
  }
}
