import type { Queryable } from '../db/types.ts'
import { endPasswordResets } from './passwordResets.ts'
import { deleteCustomerSessions } from './sessions.ts'

/**
 * A customer's new password, stored with what must go with it: every other session ends (a thief signed in
 * elsewhere is out), and every emailed link still out is used up. Run it inside a transaction.
 */
export async function replacePassword(tx: Queryable, customerId: number, passwordHash: string, keepSession?: string): Promise<void> {
  await tx.query('update customers set password_hash = $2 where id = $1', [customerId, passwordHash])
  await deleteCustomerSessions(tx, customerId, keepSession)
  await endPasswordResets(tx, customerId)
}
