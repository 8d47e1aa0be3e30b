import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { cookieIsSecure } from '../http/sessionCookie.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'

/** The staff session cookie: never the customer's `sid`, and sent only to the staff API. */
export const staffCookieName = 'staff_sid'
export const staffApiPath = '/api/staff'

/** httpOnly, SameSite=Strict (no cross-site request carries it) and scoped to the staff API's path. */
export function setStaffCookie(c: Context, id: string, expiresAt: Date, settings: CookieSettings): void {
  setCookie(c, staffCookieName, id, {
    httpOnly: true,
    sameSite: 'Strict',
    path: staffApiPath,
    secure: cookieIsSecure(c, settings),
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  })
}

export function clearStaffCookie(c: Context, settings: CookieSettings): void {
  deleteCookie(c, staffCookieName, { path: staffApiPath, httpOnly: true, sameSite: 'Strict', secure: cookieIsSecure(c, settings) })
}

export const readStaffCookie = (c: Context): string | undefined => getCookie(c, staffCookieName) || undefined
