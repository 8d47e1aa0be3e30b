import type { Queryable } from '../db/types.ts'

/**
 * Ends every provider sign-in linked to the account that its owner did not prove, inside the transaction of an action
 * that just proved the account's address (an undo, a reset by link, a takeover). A sign-in counts as proven by the
 * owner when the verified email it was linked with (`customer_identities.email`: the provider's verified claim, or the
 * address proven by the link mailed at a sign-in without one) is `provenEmail`, compared case-insensitively. Any
 * other, and one linked before that email was recorded, ends: it may have come while someone else held the address.
 * Omitted, `provenEmail` is the account's email now (a reset link proves the address it was mailed to, which an
 * email change ends). The sessions those sign-ins made end with them. Returns how many ended.
 */
export async function endUnprovenSignIns(tx: Queryable, customerId: number, provenEmail?: string): Promise<number> {
  const ended = await tx.query<{ provider: string; subject: string }>(
    `delete from customer_identities where customer_id = $1
       and (email is null or lower(email) <> lower(coalesce($2::text, (select email from customers where id = $1))))
     returning provider, subject`,
    [customerId, provenEmail ?? null],
  )
  for (const { provider, subject } of ended) await endSessionsOf(tx, customerId, provider, subject)
  return ended.length
}

/** Signs out the devices a linked sign-in signed in to the account. */
export async function endSessionsOf(tx: Queryable, customerId: number, provider: string, subject: string): Promise<void> {
  await tx.query('delete from sessions where customer_id = $1 and identity_provider = $2 and identity_subject = $3', [customerId, provider, subject])
}
