import { randomBytes } from 'node:crypto'
import { FRESH_SIGN_IN_MINUTES, type LinkedSignIns, type LinkedProvider } from '../../src/domain/linkedSignIns.ts'
import type { MailContext } from '../accounts/emailLinks.ts'
import { storedLanguage } from '../accounts/accountLanguage.ts'
import { tokenHash } from '../accounts/tokenHash.ts'
import type { Queryable } from '../db/types.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { signInLinkedMail } from '../mail/templates/signInLinked.ts'
import { endSessionsOf } from './endUnprovenSignIns.ts'
import { providerNames, type SocialProvider } from './providerConfig.ts'

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())

/** The sign-ins linked to the customer, oldest first, and whether the account has a password its owner chose. */
export async function listLinkedSignIns(db: Queryable, customerId: number): Promise<LinkedSignIns> {
  const rows = await db.query<{ provider: LinkedProvider; subject: string; email: string | null; created_at: Date; last_used_at: Date | null }>(
    'select provider, subject, email, created_at, last_used_at from customer_identities where customer_id = $1 order by created_at, provider, subject',
    [customerId],
  )
  return {
    sign_ins: rows.map((r) => ({
      provider: r.provider,
      subject: r.subject,
      email: r.email,
      linked_at: iso(r.created_at) ?? '',
      last_used_at: iso(r.last_used_at),
    })),
    has_password: await hasKnownPassword(db, customerId),
  }
}

/** Whether the account's password is one its owner chose, not the one nobody knows it was given (a social sign-in, an undo, a takeover). */
export async function hasKnownPassword(db: Queryable, customerId: number): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>('select password_hash is distinct from unknown_password_hash as known from customers where id = $1', [
    customerId,
  ])
  return row?.known ?? false
}

/** Whether the session `sessionId` names was made by a sign-in in the last FRESH_SIGN_IN_MINUTES. */
export async function signedInRecently(db: Queryable, customerId: number, sessionId: string): Promise<boolean> {
  const rows = await db.query('select 1 from sessions where id_hash = $1 and customer_id = $2 and created_at > now() - make_interval(mins => $3)', [
    tokenHash(sessionId),
    customerId,
    FRESH_SIGN_IN_MINUTES,
  ])
  return rows.length > 0
}

/** Whether removing the sign-in would leave the account with no way in: no password its owner knows, and no other sign-in. */
export async function isLastWayIn(db: Queryable, customerId: number, provider: string, subject: string): Promise<boolean> {
  if (await hasKnownPassword(db, customerId)) return false
  const others = await db.query('select 1 from customer_identities where customer_id = $1 and not (provider = $2 and subject = $3)', [
    customerId,
    provider,
    subject,
  ])
  return others.length === 0
}

/** Removes one of the customer's sign-ins and signs out the devices it signed in; false when it is not theirs (or already gone). */
export async function removeLinkedSignIn(tx: Queryable, customerId: number, provider: string, subject: string): Promise<boolean> {
  const removed = await tx.query('delete from customer_identities where customer_id = $1 and provider = $2 and subject = $3 returning 1 as removed', [
    customerId,
    provider,
    subject,
  ])
  if (removed.length === 0) return false
  await endSessionsOf(tx, customerId, provider, subject)
  return true
}

/**
 * Tells the account's address that a provider sign-in joined the account, with a link that removes it (only its hash
 * is kept, on the sign-in's row, so the link ends with the sign-in). Run it in the transaction that linked it.
 */
export async function mailSignInLinked(
  tx: Queryable,
  customerId: number,
  who: { provider: SocialProvider; subject: string; email: string },
  notice: MailContext,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  await tx.query('update customer_identities set removal_token_hash = $3 where provider = $1 and subject = $2', [who.provider, who.subject, tokenHash(token)])
  const [customer] = await tx.query<{ email: string; first_name: string; verified: boolean; language: string }>(
    'select email, first_name, email_verified_at is not null as verified, language from customers where id = $1',
    [customerId],
  )
  if (!customer) return
  await queueMail(tx, {
    to: customer.email,
    language: storedLanguage(customer.language),
    template: signInLinkedMail,
    values: {
      firstName: nameToGreet(customer),
      provider: providerNames[who.provider],
      email: who.email,
      link: `${notice.origin}/sign_in_removal?token=${token}`,
    },
  })
}

/**
 * Follows the link mailed when a sign-in joined the account: the sign-in is removed and the devices it signed in are
 * signed out, in one statement that takes the link, so it works once. Undefined when the sign-in is already gone.
 */
export async function removeSignInByLink(tx: Queryable, token: string): Promise<{ email: string; provider: SocialProvider } | undefined> {
  const [removed] = await tx.query<{ customer_id: number; provider: SocialProvider; subject: string }>(
    'delete from customer_identities where removal_token_hash = $1 returning customer_id, provider, subject',
    [tokenHash(token)],
  )
  if (!removed) return undefined
  await endSessionsOf(tx, Number(removed.customer_id), removed.provider, removed.subject)
  const [customer] = await tx.query<{ email: string }>('select email from customers where id = $1', [removed.customer_id])
  return { email: customer?.email ?? '', provider: removed.provider }
}
