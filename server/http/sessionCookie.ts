import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isHttps, isPublicHttps } from './requestInfo.ts'
import type { Config } from '../config.ts'

export const sessionCookieName = 'sid'

/**
 * The script-readable twin of the session cookie: it grants nothing (the tag is the session's stored hash), but it
 * tells a device that knows no customer that a session exists, and names the session a logout queued offline ends.
 */
export const signedInCookieName = 'signed_in'

/** The non-secret tag of a session: hex of the sha256 the sessions table keys it by. */
export const sessionTag = (id: string): string => createHash('sha256').update(id).digest('hex')

/** Cookie settings the session routes need from the configuration. */
/** An https PUBLIC_URL makes the cookie Secure whatever scheme a proxy said the request came by. */
export type CookieSettings = Partial<Pick<Config, 'cookieSecure' | 'trustProxy' | 'publicUrl'>>

/** Whether cookies set on this request are Secure: COOKIE_SECURE, or under auto an https PUBLIC_URL or an https request. */
export const cookieIsSecure = (c: Context, s: CookieSettings): boolean =>
  (s.cookieSecure ?? 'auto') === 'auto' ? isPublicHttps(s) || isHttps(c, s) : s.cookieSecure === true

/** httpOnly so page script can never read it; Lax so it rides top-level navigations back from a provider. */
export function setSessionCookie(c: Context, id: string, expiresAt: Date, settings: CookieSettings): void {
  const lifetime = {
    sameSite: 'Lax',
    path: '/',
    secure: cookieIsSecure(c, settings),
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  } as const
  setCookie(c, sessionCookieName, id, { ...lifetime, httpOnly: true })
  setCookie(c, signedInCookieName, sessionTag(id), lifetime)
}

export function clearSessionCookie(c: Context, settings: CookieSettings): void {
  deleteCookie(c, sessionCookieName, { path: '/', httpOnly: true, sameSite: 'Lax', secure: cookieIsSecure(c, settings) })
  deleteCookie(c, signedInCookieName, { path: '/', sameSite: 'Lax', secure: cookieIsSecure(c, settings) })
}

export const readSessionCookie = (c: Context): string | undefined => getCookie(c, sessionCookieName) || undefined
