import { createHash, randomBytes } from 'node:crypto'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Db, Queryable } from '../db/types.ts'
import { isUniqueViolation } from '../db/uniqueViolation.ts'

/** How long the link mailed to a new address confirms it: a day, to reach a mailbox read once a day. */
export const emailLinkHours = 24

const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest()

/** Whether another customer signs in with `email` (compared as the unique index compares it). */
export async function emailTakenByOther(db: Queryable, customerId: number, email: string): Promise<boolean> {
  return (await db.query('select 1 from customers where lower(email) = lower($1) and id <> $2', [email, customerId])).length > 0
}

/**
 * Starts an email change: the new address waits on the customer (pending_email) and a token for the link is made,
 * of which only the hash is kept. A newer request replaces an older link, so only the latest address can be confirmed.
 */
export async function startEmailChange(tx: Queryable, customerId: number, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx.query('delete from email_changes where customer_id = $1', [customerId])
  await tx.query(`insert into email_changes (token_hash, customer_id, email, expires_at) values ($1, $2, $3, now() + make_interval(hours => $4))`, [
    hashOf(token),
    customerId,
    email,
    emailLinkHours,
  ])
  await tx.query('update customers set pending_email = $2 where id = $1', [customerId, email])
  return token
}

export type Confirmation = { email: string; customerId: number } | { status: 409 | 410; error: string }

/**
 * Follows a link: within its time, and only while no other customer took the address meanwhile. A link followed
 * again after it worked says so again (a reload of the page), never for an address the account no longer has.
 */
export function confirmEmailChange(db: Db, token: string): Promise<Confirmation> {
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{ customer_id: number; email: string; used: boolean; current: string }>(
      `select l.customer_id, l.email, l.used_at is not null as used, c.email as current
       from email_changes l join customers c on c.id = l.customer_id
       where l.token_hash = $1 and l.expires_at > now() for update of l`,
      [hashOf(token)],
    )
    const customerId = Number(link?.customer_id)
    if (link?.used && link.current === link.email) return { email: link.email, customerId }
    if (!link || link.used) return { status: 410, error: serverMessages.emailLinkInvalid }
    if (await emailTakenByOther(tx, customerId, link.email)) return { status: 409, error: serverMessages.emailTaken }
    await tx.query('update customers set email = $2, pending_email = null where id = $1', [customerId, link.email])
    await tx.query('update email_changes set used_at = now() where token_hash = $1', [hashOf(token)])
    return { email: link.email, customerId }
  })
}

/** A confirmation that lost the race for its address to another committed first (the check above saw neither): 409, as if it had. */
export function takenMeanwhile(err: unknown): Confirmation {
  if (isUniqueViolation(err)) return { status: 409, error: serverMessages.emailTaken }
  throw err
}

/** Forgets a change whose link could not be mailed: the account shows no address waiting for a link it never got. */
export async function cancelEmailChange(db: Db, customerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from email_changes where customer_id = $1', [customerId])
    await tx.query('update customers set pending_email = null where id = $1', [customerId])
  })
}
