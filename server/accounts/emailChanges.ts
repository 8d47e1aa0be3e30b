import { randomBytes } from 'node:crypto'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Db, Queryable } from '../db/types.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { emailChangedNoticeMail } from '../mail/templates/emailChangedNotice.ts'
import { emailChangeNoticeMail } from '../mail/templates/emailChangeNotice.ts'
import { emailRestoredNoticeMail } from '../mail/templates/emailRestoredNotice.ts'
import { createEmailLink, endPendingEmailChange, lockOutAllButMailbox, markEmailVerified, takeEmailLink, undoLinkDays, type MailContext } from './emailLinks.ts'
import { endPasswordResets } from './passwordResets.ts'
import { isUniqueViolation } from '../db/uniqueViolation.ts'
import { tokenHash } from './tokenHash.ts'
import { accountLanguage, storedLanguage } from './accountLanguage.ts'
import { endUnprovenSignIns } from '../social/endUnprovenSignIns.ts'

/** How long the link mailed to a new address confirms it: a day, to reach a mailbox read once a day. */
export const emailLinkHours = 24

/**
 * Whether another customer signs in with `email` (compared as the unique index compares it), or may take it back with
 * an undo link still open: an address just moved away from stays reserved, so nobody can register it to block the undo.
 */
export async function emailTakenByOther(db: Queryable, customerId: number, email: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from customers where lower(email) = lower($1) and id <> $2
     union all select 1 from email_links where kind = 'undo' and lower(email) = lower($1) and customer_id <> $2 and used_at is null and expires_at > now()`,
    [email, customerId],
  )
  return rows.length > 0
}

/**
 * Starts an email change: the new address waits on the customer (pending_email) and a token for the link is made,
 * of which only the hash is kept. A newer request replaces an older link, so only the latest address can be confirmed.
 * The current address is told, in the account's language, with a link that stops the change while it waits (`notice`: its origin),
 * by first name only when that address was verified. Undefined, having changed nothing, when the credentials moved on
 * from `version` (the one the password was checked at).
 */
export async function startEmailChange(tx: Queryable, customerId: number, email: string, notice: MailContext, version: number): Promise<string | undefined> {
  // The credentials the password was checked at must still be the customer's: a lockout since ends this request.
  const [current] = await tx.query('select 1 from customers where id = $1 and credential_version = $2 for update', [customerId, version])
  if (!current) return undefined
  const token = randomBytes(32).toString('base64url')
  await endPendingEmailChange(tx, customerId)
  await tx.query(`insert into email_changes (token_hash, customer_id, email, expires_at) values ($1, $2, $3, now() + make_interval(hours => $4))`, [
    tokenHash(token),
    customerId,
    email,
    emailLinkHours,
  ])
  const [customer] = await tx.query<{ email: string; first_name: string; verified: boolean; language: string }>(
    'update customers set pending_email = $2 where id = $1 returning email, first_name, email_verified_at is not null as verified, language',
    [customerId, email],
  )
  if (customer) {
    const stop = await createEmailLink(tx, customerId, 'stop', email, emailLinkHours)
    await queueMail(tx, {
      to: customer.email,
      language: storedLanguage(customer.language),
      template: emailChangeNoticeMail,
      values: { firstName: nameToGreet(customer), email, link: `${notice.origin}/email_change/stop?token=${stop}`, hours: emailLinkHours },
    })
  }
  return token
}

export type Confirmation = { email: string; customerId: number } | { status: 409 | 410; error: string }

/**
 * Follows a link: within its time, and only while no other customer took the address meanwhile. A link followed
 * again after it worked says so again (a reload of the page), never for an address the account no longer has.
 * Confirming proves the new email, ends the reset links mailed to the old one, and tells the old address with a link
 * that puts it back for some days (in the account's language; `notice`: the links' origin), by first name only when the
 * old address had been verified.
 */
export function confirmEmailChange(db: Db, token: string, notice: MailContext): Promise<Confirmation> {
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{
      customer_id: number
      email: string
      used: boolean
      current: string
      first_name: string
      verified: boolean
      language: string
    }>(
      `select l.customer_id, l.email, l.used_at is not null as used, c.email as current, c.first_name, c.email_verified_at is not null as verified,
         c.language
       from email_changes l join customers c on c.id = l.customer_id
       where l.token_hash = $1 and l.expires_at > now() for update of l`,
      [tokenHash(token)],
    )
    const customerId = Number(link?.customer_id)
    if (link?.used && link.current === link.email) return { email: link.email, customerId }
    if (!link || link.used) return { status: 410, error: serverMessages.emailLinkInvalid }
    if (await emailTakenByOther(tx, customerId, link.email)) return { status: 409, error: serverMessages.emailTaken }
    // A change made while an earlier one can still be undone would move the account on past the owner's undo link.
    if (await undoLinkOpen(tx, customerId)) return { status: 409, error: serverMessages.undoLinkOpen }
    await tx.query('update customers set email = $2, pending_email = null where id = $1', [customerId, link.email])
    await tx.query('update email_changes set used_at = now() where token_hash = $1', [tokenHash(token)])
    await markEmailVerified(tx, customerId, 'email_change')
    // Links mailed to the old address no longer act on the account: reset links, the stop link, the sign-up confirmation.
    await endPasswordResets(tx, customerId)
    await tx.query("update email_links set used_at = now() where customer_id = $1 and kind in ('stop', 'verify') and used_at is null", [customerId])
    const undo = await createEmailLink(tx, customerId, 'undo', link.current, undoLinkDays * 24)
    await queueMail(tx, {
      to: link.current,
      language: storedLanguage(link.language),
      template: emailChangedNoticeMail,
      values: { firstName: nameToGreet(link), email: link.email, link: `${notice.origin}/email_change/undo?token=${undo}`, days: undoLinkDays },
    })
    return { email: link.email, customerId }
  })
}

/** Follows the link that stops a pending change, mailed to the current address: the change ends, the email stays. */
export function stopEmailChange(db: Db, token: string): Promise<{ email: string } | { status: 410; error: string }> {
  return db.transaction(async (tx) => {
    const link = await takeEmailLink(tx, token, 'stop')
    if (!link) return { status: 410 as const, error: serverMessages.stopLinkInvalid }
    await endPendingEmailChange(tx, link.customerId)
    const [customer] = await tx.query<{ email: string }>('select email from customers where id = $1', [link.customerId])
    return { email: customer?.email ?? '' }
  })
}

/** Whether an undo link can still be used, checked before the (deliberately slow) hash an undo needs. */
export async function undoLinkUsable(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query("select 1 from email_links where token_hash = $1 and kind = 'undo' and used_at is null and expires_at > now()", [
    tokenHash(token),
  ])
  return rows.length > 0
}

/** Whether the customer has an undo link still open: a confirmed change that its old address can still put back. */
export async function undoLinkOpen(db: Queryable, customerId: number): Promise<boolean> {
  const rows = await db.query("select 1 from email_links where customer_id = $1 and kind = 'undo' and used_at is null and expires_at > now()", [customerId])
  return rows.length > 0
}

/**
 * Follows the link that undoes a confirmed change, mailed to the old address: the old email comes back (proven by
 * the link), and whoever moved it is locked out: the password becomes `unusableHash`, every session and link ends,
 * and so do the changes made after the one undone (their undo links), but never an older undo link: of two open,
 * the older wins; every provider sign-in not linked with that old email ends too (one joined while someone else held
 * the account). The address replaced is told, in the account's language.
 */
export function undoEmailChange(db: Db, token: string, unusableHash: string): Promise<Confirmation> {
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{ customer_id: number; email: string; created_at: string }>(
      `select customer_id, email, created_at::text as created_at from email_links
       where token_hash = $1 and kind = 'undo' and used_at is null and expires_at > now() for update`,
      [tokenHash(token)],
    )
    if (!link) return { status: 410, error: serverMessages.undoLinkInvalid }
    const customerId = Number(link.customer_id)
    if (await emailTakenByOther(tx, customerId, link.email)) return { status: 409, error: serverMessages.emailTaken }
    await takeEmailLink(tx, token, 'undo')
    const [replaced] = await tx.query<{ email: string }>('select email from customers where id = $1 for update', [customerId])
    await tx.query('update customers set email = $2 where id = $1', [customerId, link.email])
    await markEmailVerified(tx, customerId, 'email_undo')
    await lockOutAllButMailbox(tx, customerId, unusableHash, { madeAfter: link.created_at })
    await endUnprovenSignIns(tx, customerId, link.email)
    if (replaced && replaced.email.toLowerCase() !== link.email.toLowerCase())
      await queueMail(tx, {
        to: replaced.email,
        language: await accountLanguage(tx, customerId),
        template: emailRestoredNoticeMail,
        values: { email: link.email },
      })
    return { email: link.email, customerId }
  })
}

/** A confirmation that lost the race for its address to another committed first (the check above saw neither): 409, as if it had. */
export function takenMeanwhile(err: unknown): Confirmation {
  if (isUniqueViolation(err)) return { status: 409, error: serverMessages.emailTaken }
  throw err
}
