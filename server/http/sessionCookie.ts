import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isHttps } from './requestInfo.ts'

export const sessionCookieName = 'sid'

/** Cookie settings the session routes need from the configuration. */
export interface CookieSettings {
  cookieSecure?: 'auto' | boolean
  trustProxy?: boolean
}

const secure = (c: Context, s: CookieSettings) => (s.cookieSecure ?? 'auto') === 'auto' ? isHttps(c, s) : s.cookieSecure === true

/** httpOnly so page script can never read it; Lax so it rides top-level navigations back from a provider. */
export function setSessionCookie(c: Context, id: string, expiresAt: Date, settings: CookieSettings): void {
  setCookie(c, sessionCookieName, id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: secure(c, settings),
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  })
}

export function clearSessionCookie(c: Context, settings: CookieSettings): void {
  deleteCookie(c, sessionCookieName, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c, settings) })
}

export const readSessionCookie = (c: Context): string | undefined => getCookie(c, sessionCookieName) || undefined
