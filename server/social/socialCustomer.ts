import { defined } from '../../src/domain/defined.ts'
import type { Language } from '../../src/domain/languageCodes.ts'
import { storedLanguage } from '../accounts/accountLanguage.ts'
import { firstCredentialVersion, currentCredentialVersion } from '../accounts/credentials.ts'
import { DuplicateEmailError, insertCustomer } from '../accounts/customers.ts'
import { lockOutAllButMailbox, markEmailVerified, type EmailProof, type MailContext } from '../accounts/emailLinks.ts'
import { unusablePasswordHash } from '../accounts/password.ts'
import { emailProven } from '../accounts/provenEmail.ts'
import type { Db, Queryable } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { signUps } from '../metrics.ts'
import { accountTakenMail } from '../mail/templates/accountTaken.ts'
import { splitDisplayName } from './displayName.ts'
import { endUnprovenSignIns } from './endUnprovenSignIns.ts'
import { mailSignInLinked } from './linkedSignIns.ts'
import { providerNames, type SocialProvider } from './providerConfig.ts'

export interface SocialIdentity {
  provider: SocialProvider
  subject: string
  email: string
  /** Whether the provider vouches for the email; only then may it lead to an account made another way. */
  emailVerified: boolean
  displayName: string
}

/** A first sign-in whose email belongs to an existing customer, but which the provider has not verified. */
export class UnverifiedEmailError extends Error {
  constructor(provider: SocialProvider) {
    super(`${provider} has not verified the email, and a customer already has it: not linked`)
    this.name = 'UnverifiedEmailError'
  }
}

export interface SocialOptions {
  scryptN?: number | undefined
  /** The origin of the mail sent when the sign-in takes an account whose email was never verified (it speaks the account's language). */
  notice: MailContext
  /** The language the app shows (the request's): a new customer's account records it. */
  language: Language
  /** How a verified email was proven: the provider's claim unless told (the link mailed to a typed address). */
  proof?: EmailProof
}

/** The customer a sign-in opens, and the credential version it found them at: its session is made only under that version. */
export interface SocialCustomer {
  customerId: number
  version: number
}

/**
 * The customer a provider identity was linked to before, if any, at their credential version now; it is signing in,
 * so its last use is now.
 */
export async function linkedCustomer(db: Queryable, provider: SocialProvider, subject: string): Promise<SocialCustomer | undefined> {
  const [linked] = await db.query<{ customer_id: number; version: number }>(
    `update customer_identities i set last_used_at = now() from customers c
     where i.provider = $1 and i.subject = $2 and c.id = i.customer_id
     returning i.customer_id, c.credential_version as version`,
    [provider, subject],
  )
  return linked && { customerId: Number(linked.customer_id), version: Number(linked.version) }
}

/**
 * The customer for a provider identity: the one linked to it before; else the one with its email when the provider
 * verified that email (an unverified one is refused: anyone can type someone else's address at some providers),
 * joined as it is when that account's email was verified, and taken over when it never was (docs/features.md, "Accounts and
 * passwords"); else a new customer named from the display name with a random password nobody knows.
 */
export async function findOrCreateSocialCustomer(db: Db, who: SocialIdentity, options: SocialOptions): Promise<SocialCustomer> {
  const linked = await linkedCustomer(db, who.provider, who.subject)
  if (linked !== undefined) return linked
  const existing = await findByEmail(db, who.email)
  if (existing) return join(db, existing, who, options)
  try {
    const passwordHash = await unusablePasswordHash(options.scryptN)
    const customer = { ...splitDisplayName(who.displayName), id_number: '', email: who.email, phone: '', mobile: '', passwordHash }
    const made = await db.transaction(async (tx) => {
      const id = await insertCustomer(tx, {
        ...customer,
        language: options.language,
        ...(who.emailVerified ? { emailVerifiedBy: options.proof ?? who.provider } : {}),
      })
      // Nobody knows its password: removing a linked sign-in asks for a recent sign-in instead (docs/features.md).
      await tx.query('update customers set unknown_password_hash = password_hash where id = $1', [id])
      await link(tx, who, id)
      return { customerId: id, version: firstCredentialVersion }
    })
    signUps.inc({ method: 'social' })
    return made
  } catch (error) {
    // Two first sign-ins at once: the other one created the customer.
    const created = error instanceof DuplicateEmailError ? await findByEmail(db, who.email) : undefined
    if (!created) throw error
    return join(db, created, who, options)
  }
}

interface ByEmail {
  id: number
  verified: boolean
  version: number
}

async function findByEmail(db: Queryable, email: string): Promise<ByEmail | undefined> {
  const [row] = await db.query<{ id: number; verified: boolean; version: number }>(
    `select id, ${emailProven('c')} as verified, credential_version as version from customers c where lower(email) = lower($1)`,
    [email.trim()],
  )
  return row && { id: Number(row.id), verified: row.verified, version: Number(row.version) }
}

/**
 * Links the identity to the customer with the verified email it came with (none for an unverified claim), at its
 * first use; false when it was linked already (two first sign-ins at once).
 */
async function link(tx: Queryable, who: SocialIdentity, customerId: number): Promise<boolean> {
  const inserted = await tx.query(
    `insert into customer_identities (provider, subject, customer_id, email, last_used_at) values ($1, $2, $3, $4, now())
     on conflict do nothing returning 1 as linked`,
    [who.provider, who.subject, customerId, who.emailVerified ? who.email : null],
  )
  return inserted.length > 0
}

/**
 * An existing customer with the identity's email: joined when their email was verified (the account's address is
 * mailed a link that removes the sign-in), taken by the mailbox's owner when it never was.
 */
async function join(db: Db, existing: ByEmail, who: SocialIdentity, { scryptN, notice, proof }: SocialOptions): Promise<SocialCustomer> {
  if (!who.emailVerified) throw new UnverifiedEmailError(who.provider)
  if (existing.verified) {
    await db.transaction(async (tx) => (await link(tx, who, existing.id)) && mailSignInLinked(tx, existing.id, who, notice))
    return { customerId: existing.id, version: existing.version }
  }
  // Hashed before the transaction: the row lock is not held for a quarter of a second.
  const unusable = await unusablePasswordHash(scryptN)
  return db.transaction(async (tx) => {
    const [customer] = await tx.query<{ email: string; verified: boolean; language: string }>(
      `select email, ${emailProven('c')} as verified, language from customers c where id = $1 for update`,
      [existing.id],
    )
    if (!customer) return { customerId: existing.id, version: existing.version }
    // Verified meanwhile (its sign-up link followed): joined as any verified account is.
    if (!customer.verified) {
      await lockOutAllButMailbox(tx, existing.id, unusable, 'all')
      // Any other identity linked to it came with an unverified claim: only the mailbox's owner stays.
      await endUnprovenSignIns(tx, existing.id, who.email)
      await markEmailVerified(tx, existing.id, proof ?? who.provider)
      await queueMail(tx, {
        to: customer.email,
        language: storedLanguage(customer.language),
        template: accountTakenMail,
        values: { provider: providerNames[who.provider], link: `${notice.origin}/profile`, byLink: proof === 'social_link' },
      })
    }
    await link(tx, who, existing.id)
    return { customerId: existing.id, version: defined(await currentCredentialVersion(tx, existing.id), 'the customer locked above') }
  })
}
