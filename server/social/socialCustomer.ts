import { randomBytes } from 'node:crypto'
import { DuplicateEmailError, findCustomerIdByEmail, insertCustomer } from '../accounts/customers.ts'
import { hashPassword } from '../accounts/password.ts'
import type { Db } from '../db/types.ts'
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

/**
 * The customer for a provider identity: the one linked to it before, else the one with its email when the
 * provider verified that email (an unverified one is refused: anyone can type someone else's address at some
 * providers), else a new customer named from the display name with a random password nobody knows.
 */
export async function findOrCreateSocialCustomer(db: Db, who: SocialIdentity, scryptN?: number): Promise<number> {
  const [linked] = await db.query<{ customer_id: number }>('select customer_id from customer_identities where provider = $1 and subject = $2', [
    who.provider,
    who.subject,
  ])
  if (linked) return linked.customer_id
  const existing = await findCustomerIdByEmail(db, who.email)
  if (existing !== undefined && !who.emailVerified) throw new UnverifiedEmailError(who.provider)
  const id = existing ?? (await create(db, who, scryptN))
  await db.query('insert into customer_identities (provider, subject, customer_id) values ($1, $2, $3) on conflict do nothing', [who.provider, who.subject, id])
  return id
}

async function create(db: Db, who: SocialIdentity, scryptN?: number): Promise<number> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), scryptN)
  const customer = { ...splitDisplayName(who.displayName), id_number: '', email: who.email, phone: '', mobile: '', passwordHash }
  try {
    return await db.transaction((tx) => insertCustomer(tx, customer))
  } catch (error) {
    // Two first sign-ins at once: the other one created the customer.
    const existing = error instanceof DuplicateEmailError ? await findCustomerIdByEmail(db, who.email) : undefined
    if (existing === undefined) throw error
    if (!who.emailVerified) throw new UnverifiedEmailError(who.provider)
    return existing
  }
}
