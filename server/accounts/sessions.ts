import { randomBytes } from 'node:crypto'
import { toStorableText } from '../../src/domain/storable.ts'
import type { Queryable } from '../db/types.ts'
import { tokenHash } from './tokenHash.ts'

/** A session lives this long after the customer was last seen. */
export const sessionDays = 30
// Refreshing at most daily keeps a busy customer from writing to the database on every request.
const refreshAfterHours = 24

export interface ActiveSession {
  customerId: number
  expiresAt: Date
  /** True when this lookup pushed the expiry forward, so the cookie should be sent again. */
  renewed: boolean
}

// Enough to tell a browser and its device apart; a longer header is cut, not refused.
const maxUserAgent = 300

/** The linked provider sign-in a session was made by, so removing that sign-in signs the session out. */
export interface SessionIdentity {
  provider: string
  subject: string
}

/**
 * A new random 256-bit session id for the customer, made under the credential version the sign-in verified
 * (`version`): only while the customer's credentials still have that version, so a sign-in that checked a password a
 * reset or lockout has since replaced makes no session (undefined). Only the id's hash is stored, beside the browser
 * it was made in (and the linked sign-in that made it, `identity`).
 */
export async function createSession(
  db: Queryable,
  customerId: number,
  version: number,
  userAgent = '',
  identity?: SessionIdentity,
): Promise<{ id: string; expiresAt: Date } | undefined> {
  const id = randomBytes(32).toString('base64url')
  const [row] = await db.query<{ expires_at: Date }>(
    `insert into sessions (id_hash, customer_id, expires_at, user_agent, credential_version, identity_provider, identity_subject)
     select $1, id, now() + make_interval(days => $3), $4, credential_version, $6, $7 from customers where id = $2 and credential_version = $5
     returning expires_at`,
    [tokenHash(id), customerId, sessionDays, toStorableText(userAgent.slice(0, maxUserAgent)), version, identity?.provider ?? null, identity?.subject ?? null],
  )
  return row && { id, expiresAt: new Date(row.expires_at) }
}

// A session counts only while it was made under the customer's current credentials.
const current = 'exists (select 1 from customers c where c.id = sessions.customer_id and c.credential_version = sessions.credential_version)'

/** The live session for a cookie value, rolled forward when last seen over a day ago; undefined otherwise. */
export async function findSession(db: Queryable, id: string): Promise<ActiveSession | undefined> {
  const [renewed] = await db.query<{ customer_id: number; expires_at: Date }>(
    `update sessions set last_seen_at = now(), expires_at = now() + make_interval(days => $2)
     where id_hash = $1 and expires_at > now() and last_seen_at < now() - make_interval(hours => $3) and ${current}
     returning customer_id, expires_at`,
    [tokenHash(id), sessionDays, refreshAfterHours],
  )
  if (renewed) return { customerId: renewed.customer_id, expiresAt: new Date(renewed.expires_at), renewed: true }
  const [row] = await db.query<{ customer_id: number; expires_at: Date }>(
    `select customer_id, expires_at from sessions where id_hash = $1 and expires_at > now() and ${current}`,
    [tokenHash(id)],
  )
  return row && { customerId: row.customer_id, expiresAt: new Date(row.expires_at), renewed: false }
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1 or expires_at < now()', [tokenHash(id)])
}

/** Ends the session a tag names (a logout queued while offline); the tag is the hex of the stored hash. */
export async function deleteSessionByTag(db: Queryable, tag: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [Buffer.from(tag, 'hex')])
}

/**
 * Ends every session of the customer but the one `keep` names (the cookie of the request that changed the password),
 * which moves on to the customer's current credential version. Run it inside the transaction that wrote the password.
 */
export async function deleteCustomerSessions(db: Queryable, customerId: number, keep?: string): Promise<void> {
  const kept = keep === undefined ? null : tokenHash(keep)
  await db.query('delete from sessions where customer_id = $1 and id_hash is distinct from $2', [customerId, kept])
  if (kept)
    await db.query(
      'update sessions set credential_version = (select credential_version from customers where id = $1) where id_hash = $2 and customer_id = $1',
      [customerId, kept],
    )
}

/**
 * Deletes the sessions past their expiry, and with them what lives only as long as a session (a device's push
 * subscription, migration 033): a browser that stopped coming back stops getting notifications.
 */
export async function sweepExpiredSessions(db: Queryable): Promise<number> {
  const swept = await db.query('delete from sessions where expires_at < now() returning 1')
  return swept.length
}
