import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/types.ts'
import type { SocialProvider } from './providerConfig.ts'
import { tokenHash } from '../accounts/tokenHash.ts'

/** Long enough to open the mail and tap its link, short enough that a forgotten sign-in soon ends. */
export const pendingMinutes = 30

/** A provider identity waiting for the customer to prove an email address. */
export interface PendingSignIn {
  provider: SocialProvider
  subject: string
  displayName: string
}

/** Keeps the identity for `pendingMinutes`; returns the random value for the browser's cookie (only its hash is stored). */
export async function startPendingSignIn(db: Queryable, who: PendingSignIn): Promise<string> {
  const browser = randomBytes(32).toString('base64url')
  await db.query('delete from social_pending_sign_ins where expires_at < now()')
  await db.query(
    `insert into social_pending_sign_ins (browser_hash, provider, subject, display_name, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [tokenHash(browser), who.provider, who.subject, who.displayName, pendingMinutes],
  )
  return browser
}

/** The live pending sign-in of the browser holding `browser`, or undefined when it expired, was confirmed or never was. */
export async function findPendingSignIn(db: Queryable, browser: string): Promise<PendingSignIn | undefined> {
  const [row] = await db.query<{ provider: SocialProvider; subject: string; display_name: string }>(
    'select provider, subject, display_name from social_pending_sign_ins where browser_hash = $1 and expires_at > now()',
    [tokenHash(browser)],
  )
  return row && { provider: row.provider, subject: row.subject, displayName: row.display_name }
}

/** Names the address to prove and makes its link; an earlier link of the same sign-in stops working. Undefined when the sign-in is gone. */
export async function addressPendingSignIn(db: Queryable, browser: string, email: string): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url')
  const updated = await db.query(
    'update social_pending_sign_ins set email = $2, token_hash = $3 where browser_hash = $1 and expires_at > now() returning 1 as found',
    [tokenHash(browser), email, tokenHash(token)],
  )
  return updated.length > 0 ? token : undefined
}

/**
 * Takes the sign-in whose link is `token`, in the browser that started it, in one statement: a link works once,
 * within `pendingMinutes` of the sign-in, and only where the sign-in began, so nobody links their identity to an
 * account by getting its owner to tap a link.
 */
export async function takePendingSignIn(db: Queryable, browser: string, token: string): Promise<(PendingSignIn & { email: string }) | undefined> {
  const [row] = await db.query<{ provider: SocialProvider; subject: string; display_name: string; email: string }>(
    `delete from social_pending_sign_ins where token_hash = $1 and browser_hash = $2 and expires_at > now()
     returning provider, subject, display_name, email`,
    [tokenHash(token), tokenHash(browser)],
  )
  return row && { provider: row.provider, subject: row.subject, displayName: row.display_name, email: row.email }
}
