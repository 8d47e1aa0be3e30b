import type { Queryable } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { passwordChangedMail } from '../mail/templates/passwordChanged.ts'
import { endOutstandingLinks, type MailContext } from './emailLinks.ts'
import { deleteCustomerSessions } from './sessions.ts'

/**
 * A customer's new password, stored with what must go with it: every other session ends (a thief signed in
 * elsewhere is out), every emailed link still out is used up and the pending email change ends (a thief's own
 * address cannot be confirmed after the owner took the account back), and the account's address is told. Run it inside a transaction.
 */
export async function replacePassword(
  tx: Queryable,
  customerId: number,
  passwordHash: string,
  { keepSession, notice }: { keepSession?: string | undefined; notice: MailContext },
): Promise<void> {
  const [customer] = await tx.query<{ email: string; first_name: string }>(
    'update customers set password_hash = $2 where id = $1 returning email, first_name',
    [customerId, passwordHash],
  )
  await deleteCustomerSessions(tx, customerId, keepSession)
  await endOutstandingLinks(tx, customerId)
  if (!customer) return
  await queueMail(tx, {
    to: customer.email,
    language: notice.language,
    template: passwordChangedMail,
    values: { firstName: customer.first_name, link: `${notice.origin}/forgot_password` },
  })
}
