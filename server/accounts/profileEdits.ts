import type { Profile } from '../../src/domain/profile.ts'
import type { Queryable } from '../db/types.ts'

/** Writes the personal details Update Profile changes; the ID number and the email are never touched here. */
export async function updateProfile(tx: Queryable, customerId: number, profile: Profile): Promise<undefined> {
  await tx.query('update customers set first_name = $2, last_name = $3, phone = $4, mobile = $5 where id = $1', [
    customerId,
    profile.first_name,
    profile.last_name,
    profile.phone,
    profile.mobile,
  ])
  return undefined
}
