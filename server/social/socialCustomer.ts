import { defined } from '../../src/domain/defined.ts'
import { firstCredentialVersion, currentCredentialVersion } from '../accounts/credentials.ts'
import { DuplicateEmailError, insertCustomer } from '../accounts/customers.ts'
import { lockOutAllButMailbox, markEmailVerified, type EmailProof, type MailContext } from '../accounts/emailLinks.ts'
import { unusablePasswordHash } from '../accounts/password.ts'
import { emailProven } from '../accounts/provenEmail.ts'
import type { Db, Queryable } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { accountTakenMail } from '../mail/templates/accountTaken.ts'
import { splitDisplayName } from './displayName.ts'
import type { SocialProvider } from './providerConfig.ts'

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

/** The provider's name as customers know it, in the mail that tells them it took their account. */
export const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X' }

export interface SocialOptions {
  scryptN?: number | undefined
  /** The language and origin of the mail sent when the sign-in takes an account whose email was never verified. */
  notice: MailContext
  /** How a verified email was proven: the provider's claim unless told (the link mailed to a typed address). */
  proof?: EmailProof
}

/** The customer a sign-in opens, and the credential version it found them at: its session is made only under that version. */
export interface SocialCustomer {
  customerId: number
  version: number
}

/** The customer a provider identity was linked to before, if any, at their credential version now. */
export async function linkedCustomer(db: Queryable, provider: SocialProvider, subject: string): Promise<SocialCustomer | undefined> {
  const [linked] = await db.query<{ customer_id: number; version: number }>(
    `select i.customer_id, c.credential_version as version from customer_identities i join customers c on c.id = i.customer_id
     where i.provider = $1 and i.subject = $2`,
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
    return await db.transaction(async (tx) => {
      const id = await insertCustomer(tx, { ...customer, ...(who.emailVerified ? { emailVerifiedBy: options.proof ?? who.provider } : {}) })
      await link(tx, who, id)
      return { customerId: id, version: firstCredentialVersion }
    })
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

const link = (tx: Queryable, who: SocialIdentity, customerId: number) =>
  tx.query('insert into customer_identities (provider, subject, customer_id) values ($1, $2, $3) on conflict do nothing', [
    who.provider,
    who.subject,
    customerId,
  ])

/** An existing customer with the identity's email: joined when their email was verified, taken by the mailbox's owner when it never was. */
async function join(db: Db, existing: ByEmail, who: SocialIdentity, { scryptN, notice, proof }: SocialOptions): Promise<SocialCustomer> {
  if (!who.emailVerified) throw new UnverifiedEmailError(who.provider)
  if (existing.verified) {
    await link(db, who, existing.id)
    return { customerId: existing.id, version: existing.version }
  }
  // Hashed before the transaction: the row lock is not held for a quarter of a second.
  const unusable = await unusablePasswordHash(scryptN)
  return db.transaction(async (tx) => {
    const [customer] = await tx.query<{ email: string; verified: boolean }>(
      `select email, ${emailProven('c')} as verified from customers c where id = $1 for update`,
      [existing.id],
    )
    if (!customer) return { customerId: existing.id, version: existing.version }
    // Verified meanwhile (its sign-up link followed): joined as any verified account is.
    if (!customer.verified) {
      await lockOutAllButMailbox(tx, existing.id, unusable, 'all')
      // Any other identity linked to it came with an unverified claim: only the mailbox's owner stays.
      await tx.query('delete from customer_identities where customer_id = $1', [existing.id])
      await markEmailVerified(tx, existing.id, proof ?? who.provider)
      await queueMail(tx, {
        to: customer.email,
        language: notice.language,
        template: accountTakenMail,
        values: { provider: providerNames[who.provider], link: `${notice.origin}/profile`, byLink: proof === 'social_link' },
      })
    }
    await link(tx, who, existing.id)
    return { customerId: existing.id, version: defined(await currentCredentialVersion(tx, existing.id), 'the customer locked above') }
  })
}
