import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { signupConfirmMail } from '../mail/templates/signupConfirm.ts'
import { providerNames, type SocialProvider } from '../social/providerConfig.ts'
import { accountLanguage } from './accountLanguage.ts'
import { endPasswordResets } from './passwordResets.ts'
import { deleteCustomerSessions } from './sessions.ts'
import { writePassword } from './credentials.ts'
import { tokenHash } from './tokenHash.ts'

/** What a link mailed about the email does: confirm it at sign-up, stop a pending change, or undo a confirmed one. */
export type EmailLinkKind = 'verify' | 'stop' | 'undo'

/**
 * How the email was proven the customer's: a link, a confirmed change, an undone one, a provider's verified claim, or
 * the link mailed to the address typed at a social sign-in whose provider shared no verified email.
 */
export type EmailProof = 'signup_link' | 'reset_link' | 'email_change' | 'email_undo' | 'seed' | 'google' | 'facebook' | 'twitter' | 'social_link'

/** How long the sign-up confirmation works: a week, for a customer who reads mail seldom. */
export const verifyLinkDays = 7
/** How long the old address can put itself back after a confirmed change. */
export const undoLinkDays = 7

/**
 * Where the links of a mail to a customer open: the app's origin (PUBLIC_URL in production). The mail speaks the
 * language the account records (server/accounts/accountLanguage.ts), whatever device asked for it.
 */
export interface MailContext {
  origin: string
}

/** A new single-use link of `kind` about `email`, good for `hours`; only its hash is stored. */
export async function createEmailLink(tx: Queryable, customerId: number, kind: EmailLinkKind, email: string, hours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx.query(`insert into email_links (token_hash, customer_id, kind, email, expires_at) values ($1, $2, $3, $4, now() + make_interval(hours => $5))`, [
    tokenHash(token),
    customerId,
    kind,
    email,
    hours,
  ])
  return token
}

/** Takes a link of `kind` in one statement, so of two uses at once only one gets the customer; undefined when used, expired or never sent. */
export async function takeEmailLink(tx: Queryable, token: string, kind: EmailLinkKind): Promise<{ customerId: number; email: string } | undefined> {
  const [taken] = await tx.query<{ customer_id: number; email: string }>(
    `update email_links set used_at = now() where token_hash = $1 and kind = $2 and used_at is null and expires_at > now()
     returning customer_id, email`,
    [tokenHash(token), kind],
  )
  return taken && { customerId: Number(taken.customer_id), email: taken.email }
}

/** Records that the customer's current email was just proven theirs, and how. */
export async function markEmailVerified(tx: Queryable, customerId: number, by: EmailProof): Promise<void> {
  await tx.query('update customers set email_verified_at = now(), email_verified_by = $2 where id = $1', [customerId, by])
}

/** Ends the email change waiting on the customer, with its link and the link that would stop it. */
export async function endPendingEmailChange(tx: Queryable, customerId: number): Promise<void> {
  await tx.query('delete from email_changes where customer_id = $1', [customerId])
  await tx.query("update email_links set used_at = now() where customer_id = $1 and kind = 'stop' and used_at is null", [customerId])
  await tx.query('update customers set pending_email = null where id = $1', [customerId])
}

/** Ends the links a new password ends: the pending email change (with its stop link) and the sign-up confirmation. */
export async function endLinksOfOldPassword(tx: Queryable, customerId: number): Promise<void> {
  await endPendingEmailChange(tx, customerId)
  await tx.query("update email_links set used_at = now() where customer_id = $1 and kind = 'verify' and used_at is null", [customerId])
}

/**
 * Which undo links a lockout ends: every one (a takeover of an account whose email was never proven), or, for an undo,
 * only those of the changes made after the one undone (mailed to addresses the account moved through since): an undo
 * never ends an older undo link, so whoever held the account later cannot use up the owner's link.
 */
export type UndoLinksEnded = 'all' | { madeAfter: string }

/**
 * Ends everything that lets anyone into the account but the mailbox: the password (replaced by `unusableHash`, a hash
 * of a password nobody knows, moving both credential versions on), every session, and every link but the undo links
 * `undo` keeps. Run it inside a transaction.
 */
export async function lockOutAllButMailbox(tx: Queryable, customerId: number, unusableHash: string, undo: UndoLinksEnded): Promise<void> {
  await writePassword(tx, customerId, unusableHash, 'mailbox', { lockout: true })
  // Marked as the password nobody knows, so the profile asks for a recent sign-in rather than a password.
  await tx.query('update customers set unknown_password_hash = $2 where id = $1', [customerId, unusableHash])
  await deleteCustomerSessions(tx, customerId)
  await endPasswordResets(tx, customerId)
  await endLinksOfOldPassword(tx, customerId)
  await tx.query("update email_links set used_at = now() where customer_id = $1 and kind <> 'undo' and used_at is null", [customerId])
  if (undo === 'all') await tx.query("update email_links set used_at = now() where customer_id = $1 and kind = 'undo' and used_at is null", [customerId])
  else
    await tx.query(
      "update email_links set used_at = now() where customer_id = $1 and kind = 'undo' and used_at is null and created_at > $2::text::timestamptz",
      [customerId, undo.madeAfter],
    )
}

/**
 * Mails a new customer the link that confirms their email, inside the sign-up's transaction, in the language the
 * account was made in; it names the sign-in providers the shop offers (`providers`), and only those.
 */
export async function queueSignupConfirmation(
  tx: Queryable,
  customerId: number,
  email: string,
  { origin, providers }: MailContext & { providers: readonly SocialProvider[] },
): Promise<void> {
  const token = await createEmailLink(tx, customerId, 'verify', email, verifyLinkDays * 24)
  await queueMail(tx, {
    to: email,
    language: await accountLanguage(tx, customerId),
    template: signupConfirmMail,
    values: { link: `${origin}/verify_email?token=${token}`, days: verifyLinkDays, providers: providers.map((p) => providerNames[p]) },
  })
}

/** Follows the sign-up link: the email is verified while the account still has it; undefined when the link no longer works. */
export async function verifySignupEmail(tx: Queryable, token: string): Promise<{ email: string } | undefined> {
  const link = await takeEmailLink(tx, token, 'verify')
  if (!link) return alreadyVerified(tx, token)
  const [customer] = await tx.query<{ email: string }>('select email from customers where id = $1 for update', [link.customerId])
  if (!customer || customer.email.toLowerCase() !== link.email.toLowerCase()) return undefined
  await markEmailVerified(tx, link.customerId, 'signup_link')
  return { email: customer.email }
}

/** A reload of the page after the link worked: it says so again while the account has that email, verified by that link. */
async function alreadyVerified(tx: Queryable, token: string): Promise<{ email: string } | undefined> {
  const [row] = await tx.query<{ email: string }>(
    `select c.email from email_links l join customers c on c.id = l.customer_id
     where l.token_hash = $1 and l.kind = 'verify' and l.used_at is not null and lower(c.email) = lower(l.email) and c.email_verified_by = 'signup_link'`,
    [tokenHash(token)],
  )
  return row && { email: row.email }
}
