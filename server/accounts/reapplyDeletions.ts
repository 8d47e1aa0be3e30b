import type { Db } from '../db/types.ts'
import { accountHash, deleteCustomer } from './deleteCustomer.ts'

export interface Reapplied {
  /** Tombstones given from outside the database (a newer copy's) that it did not hold yet. */
  added: number
  /** Accounts found in the database although a tombstone says they were deleted, now deleted again. */
  deleted: number
  /** Those left, because a wallet charge of theirs may still be at the provider: run again once it has settled. */
  waiting: number
}

/** A tombstone key as deleted_accounts holds it: 64 lower-case hex digits. */
export const isAccountHash = (text: string): boolean => /^[0-9a-f]{64}$/.test(text)

/**
 * After a restore: takes in the tombstones of deletions the backup may predate (from the database it replaces, or a
 * newer backup), then deletes every account the database still holds that a tombstone names, as its owner asked.
 */
export async function reapplyDeletions(db: Db, tombstones: ReadonlyArray<{ account_hash: string; deleted_at: string | Date }> = []): Promise<Reapplied> {
  let added = 0
  for (const { account_hash, deleted_at } of tombstones) {
    if (!isAccountHash(account_hash)) throw new Error(`Not a tombstone key: ${JSON.stringify(account_hash).slice(0, 80)}`)
    const inserted = await db.query('insert into deleted_accounts (account_hash, deleted_at) values ($1, $2) on conflict do nothing returning 1 as added', [
      account_hash,
      new Date(deleted_at).toISOString(),
    ])
    added += inserted.length
  }
  const found = await db.query<{ id: number }>(`select c.id from customers c where ${accountHash} in (select account_hash from deleted_accounts) order by c.id`)
  let deleted = 0
  let waiting = 0
  for (const { id } of found) {
    if ((await deleteCustomer(db, id)) === 'deleted') deleted++
    else waiting++
  }
  return { added, deleted, waiting }
}
