import type { Queryable } from '../db/types.ts'

/**
 * The credential version a new customer starts at (migration 020's default). Every password write moves it on; a
 * session counts only under the version it was made under (docs/features.md, "One version of the credentials").
 */
export const firstCredentialVersion = 1

/**
 * What a password write was admitted under, checked in the statement that writes the hash:
 * - `{ verified: v }`: the current password was checked at credential version v (a change): written only while the
 *   credentials are still at v, so a change that verified before a reset, an undo or a takeover writes nothing;
 * - `{ sinceLockout: v }`: a reset link taken at lockout version v: written while the mailbox has not taken the
 *   account back since, whatever password changes happened meanwhile (the owner who proves the mailbox wins);
 * - `'mailbox'`: the mailbox itself takes the account back (an undo, a takeover by a verified sign-in): always written.
 */
export type WriteGuard = { verified: number } | { sinceLockout: number } | 'mailbox'

export interface WrittenPassword {
  /** The credential version the new hash is at: sessions made from now on are made under it. */
  version: number
  email: string
  first_name: string
  verified: boolean
}

/**
 * Writes the customer's password hash as a compare-and-set on `guard`, moving the credential version on (and the
 * lockout version too when `lockout`: a reset by link, an undo, a takeover). Undefined when the guard no longer holds:
 * nothing was written. Run it inside the transaction that ends what must end with the old password.
 */
export async function writePassword(
  tx: Queryable,
  customerId: number,
  passwordHash: string,
  guard: WriteGuard,
  { lockout }: { lockout: boolean },
): Promise<WrittenPassword | undefined> {
  const condition =
    guard === 'mailbox'
      ? { sql: '$4::bigint is null', value: null }
      : 'verified' in guard
        ? { sql: 'credential_version = $4', value: guard.verified }
        : { sql: 'lockout_version = $4', value: guard.sinceLockout }
  const [row] = await tx.query<{ version: number; email: string; first_name: string; verified: boolean }>(
    `update customers set password_hash = $2, credential_version = credential_version + 1,
       lockout_version = lockout_version + case when $3 then 1 else 0 end
     where id = $1 and ${condition.sql}
     returning credential_version as version, email, first_name, email_verified_at is not null as verified`,
    [customerId, passwordHash, lockout, condition.value],
  )
  return row && { ...row, version: Number(row.version) }
}

/** The customer's credentials as a sign-in or a password check reads them: the hash and the version it is at. */
export interface Credentials {
  id: number
  email: string
  password_hash: string
  version: number
}

const credentialColumns = 'id, email, password_hash, credential_version as version'
const credentialsOf = (rows: (Omit<Credentials, 'version'> & { version: number | string })[]): Credentials | undefined => {
  const [row] = rows
  return row && { ...row, id: Number(row.id), version: Number(row.version) }
}

/** The credentials of the customer with this email (compared as the unique index compares it), or undefined. */
export async function credentialsByEmail(db: Queryable, email: string): Promise<Credentials | undefined> {
  return credentialsOf(await db.query(`select ${credentialColumns} from customers where lower(email) = lower($1)`, [email.trim()]))
}

/** The credentials of the customer with this id, or undefined. */
export async function credentialsById(db: Queryable, customerId: number): Promise<Credentials | undefined> {
  return credentialsOf(await db.query(`select ${credentialColumns} from customers where id = $1`, [customerId]))
}

/** The customer's credential version now, or undefined when there is no such customer. */
export async function currentCredentialVersion(db: Queryable, customerId: number): Promise<number | undefined> {
  return (await credentialsById(db, customerId))?.version
}
