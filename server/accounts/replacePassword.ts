import type { Queryable } from '../db/types.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { passwordChangedMail } from '../mail/templates/passwordChanged.ts'
import { accountLanguage } from './accountLanguage.ts'
import { writePassword, type WriteGuard } from './credentials.ts'
import { endLinksOfOldPassword, type MailContext } from './emailLinks.ts'
import { endPasswordResets } from './passwordResets.ts'
import { deleteCustomerSessions } from './sessions.ts'

/** A password written by the customer: with the current password (a change), or with a reset link. */
export type PasswordWrite = { by: 'change'; verified: number; keepSession: string | undefined } | { by: 'reset link'; sinceLockout: number }

/**
 * A customer's new password, stored with what must go with it, as one compare-and-set on the credential version
 * (`write`): every other session ends (a thief signed in elsewhere is out; the kept session moves to the new version),
 * the pending email change and the sign-up confirmation end (a thief's own address cannot be confirmed after the owner
 * took the account back), and the account's address is told (by first name only once that address is verified).
 * A change leaves the reset links still out working, so whoever keeps changing the password cannot stop the owner
 * resetting it from the mailbox; a reset ends them all and counts as the mailbox taking the account back.
 * Undefined, having written nothing, when the version moved since the password or link was checked. Run it inside a
 * transaction.
 */
export async function replacePassword(
  tx: Queryable,
  customerId: number,
  passwordHash: string,
  write: PasswordWrite,
  notice: MailContext,
): Promise<{ version: number } | undefined> {
  const guard: WriteGuard = write.by === 'change' ? { verified: write.verified } : { sinceLockout: write.sinceLockout }
  const customer = await writePassword(tx, customerId, passwordHash, guard, { lockout: write.by === 'reset link' })
  if (!customer) return undefined
  await deleteCustomerSessions(tx, customerId, write.by === 'change' ? write.keepSession : undefined)
  if (write.by === 'reset link') await endPasswordResets(tx, customerId)
  await endLinksOfOldPassword(tx, customerId)
  await queueMail(tx, {
    to: customer.email,
    language: await accountLanguage(tx, customerId),
    template: passwordChangedMail,
    values: { firstName: nameToGreet(customer), link: `${notice.origin}/forgot_password` },
  })
  return { version: customer.version }
}
