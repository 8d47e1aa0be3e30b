import { randomBytes } from 'node:crypto'
import { RESET_LINK_MINUTES, type ResetRefusal } from '../../src/domain/password.ts'
import type { Queryable } from '../db/types.ts'
import { tokenHash } from './tokenHash.ts'

// A link past its 30 minutes is kept a day more, so opening it says "expired" rather than "not valid".
const keptAfterExpiryHours = 24

/** A new single-use link for the customer: 256 random bits, of which only the hash is stored. */
export async function createPasswordReset(db: Queryable, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `with swept as (delete from password_resets where expires_at < now() - make_interval(hours => $4))
     insert into password_resets (token_hash, customer_id, expires_at) values ($1, $2, now() + make_interval(mins => $3))`,
    [tokenHash(token), customerId, RESET_LINK_MINUTES, keptAfterExpiryHours],
  )
  return token
}

/** Why a link cannot be used now, or undefined when it can. */
export async function resetRefusal(db: Queryable, token: string): Promise<ResetRefusal | undefined> {
  const [row] = await db.query<{ used: boolean; expired: boolean }>(
    'select used_at is not null as used, expires_at <= now() as expired from password_resets where token_hash = $1',
    [tokenHash(token)],
  )
  if (!row) return 'invalid'
  if (row.used) return 'used'
  return row.expired ? 'expired' : undefined
}

/**
 * Takes the link: one statement marks it used if it is still good, so of two uses at once (on any instances) one
 * gets the customer and the other is refused as used. A link taken proves the email. The lockout version it answers
 * is the one the new password may be written under (server/accounts/credentials.ts).
 */
export async function takePasswordReset(
  db: Queryable,
  token: string,
): Promise<{ customerId: number; takenAt: string; lockoutVersion: number } | { refused: ResetRefusal }> {
  const [taken] = await db.query<{ customer_id: number; taken_at: string; lockout_version: number }>(
    `update password_resets r set used_at = now() from customers c
     where r.token_hash = $1 and r.used_at is null and r.expires_at > now() and c.id = r.customer_id
     returning r.customer_id, r.used_at::text as taken_at, c.lockout_version`,
    [tokenHash(token)],
  )
  if (!taken) return { refused: (await resetRefusal(db, token)) ?? 'used' }
  // The link reached the account's address (confirming a new email ends links still out), so the email is proven.
  await db.query("update customers set email_verified_at = now(), email_verified_by = 'reset_link' where id = $1", [taken.customer_id])
  return { customerId: Number(taken.customer_id), takenAt: taken.taken_at, lockoutVersion: Number(taken.lockout_version) }
}

/** The new password could not be stored after the link was taken: the link works again, unless something since used it up. */
export async function giveBackPasswordReset(db: Queryable, token: string, takenAt: string): Promise<void> {
  await db.query('update password_resets set used_at = null where token_hash = $1 and used_at = $2::text::timestamptz', [tokenHash(token), takenAt])
}

/** The customer's password changed: every link still out is used up, so an old mail cannot change it back. */
export async function endPasswordResets(db: Queryable, customerId: number): Promise<void> {
  await db.query('update password_resets set used_at = now() where customer_id = $1 and used_at is null', [customerId])
}
