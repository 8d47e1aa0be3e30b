import type { MiddlewareHandler } from 'hono'
import { findSession } from '../accounts/sessions.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from './errors.ts'
import type { AppEnv } from './jsonBody.ts'
import { getCookie } from 'hono/cookie'
import { clearSessionCookie, readSessionCookie, setSessionCookie, signedInCookieName } from './sessionCookie.ts'
import type { CookieSettings } from './sessionCookie.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'

/** Routes behind requireCustomer read the signed-in customer's id from c.get('customerId'). */
export type CustomerEnv = { Variables: AppEnv['Variables'] & { customerId: number } }

export const notSignedIn = serverMessages.notSignedIn

/** 401 unless the sid cookie names a live session; rolls the session and its cookie forward when due. */
export function requireCustomer(db: Db, settings: CookieSettings): MiddlewareHandler<CustomerEnv> {
  return async (c, next) => {
    const id = readSessionCookie(c)
    const session = id ? await findSession(db, id) : undefined
    if (!id || !session) {
      // A stale cookie (or a hint outliving its session) is dropped so the device stops asking.
      if (id || getCookie(c, signedInCookieName)) clearSessionCookie(c, settings)
      return jsonError(c, 401, notSignedIn)
    }
    if (session.renewed) setSessionCookie(c, id, session.expiresAt, settings)
    c.set('customerId', session.customerId)
    await next()
  }
}
