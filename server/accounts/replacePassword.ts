import type { Queryable } from '../db/types.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { passwordChangedMail } from '../mail/templates/passwordChanged.ts'
import { endOutstandingLinks, type MailContext } from './emailLinks.ts'
import { deleteCustomerSessions } from './sessions.ts'

/**
 * A customer's new password, stored with what must go with it: every other session ends (a thief signed in
 * elsewhere is out), every emailed link still out is used up and the pending email change ends (a thief's own
 * address cannot be confirmed after the owner took the account back), and the account's address is told (by first name only once that address is verified). Run it inside a transaction.
 */
export async function replacePassword(
  tx: Queryable,
  customerId: number,
  passwordHash: string,
  { keepSession, notice }: { keepSession?: string | undefined; notice: MailContext },
): Promise<void> {
  const [customer] = await tx.query<{ email: string; first_name: string; verified: boolean }>(
    'update customers set password_hash = $2 where id = $1 returning email, first_name, email_verified_at is not null as verified',
    [customerId, passwordHash],
  )
  await deleteCustomerSessions(tx, customerId, keepSession)
  await endOutstandingLinks(tx, customerId)
  if (!customer) return
  await queueMail(tx, {
    to: customer.email,
    language: notice.language,
    template: passwordChangedMail,
    values: { firstName: nameToGreet(customer), link: `${notice.origin}/forgot_password` },
  })
}
