import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/types.ts'
import type { MailThread } from '../mail/queueMail.ts'

/**
 * A new RFC 5322 Message-ID for a mail of the conversation `reference`: the reference and 64 random bits on the left,
 * the support address's domain on the right, e.g. <SUP-7K3F4Q2A.9f2c4e1a7b3d5c60@storefront.co.za>.
 */
export function newMailMessageId(reference: string, supportEmail: string): string {
  const domain = supportEmail.split('@')[1]?.trim() || 'storefront.invalid'
  return `<${reference}.${randomBytes(8).toString('hex')}@${domain}>`
}

/** The Message-IDs of a conversation's mails so far, oldest first: the first message's, then each reply's and answer's. */
export async function threadChain(tx: Queryable, supportMessageId: number): Promise<string[]> {
  const rows = await tx.query<{ mail_message_id: string }>(
    `select mail_message_id from (
       select mail_message_id, 0 as seq from support_messages where id = $1
       union all
       select mail_message_id, id as seq from support_entries where support_message_id = $1 and mail_message_id is not null
     ) chain order by seq`,
    [supportMessageId],
  )
  return rows.map((r) => r.mail_message_id)
}

/** The headers of the next mail of a thread: it answers the last one, and carries the whole chain. */
export const following = (messageId: string, chain: readonly string[]): MailThread =>
  chain.length === 0 ? { messageId } : { messageId, inReplyTo: chain[chain.length - 1] as string, references: [...chain] }
