import type { Queryable } from '../db/types.ts'
import { mailOf, type Mail, type Mailer, type MailRow } from './mail.ts'

/** How long the sandbox mailbox keeps a mail: long enough for a tester's session, short enough to stay small. */
export const sandboxMailDays = 7

/** The demo's mailer: every mail lands in the sandbox_mail table, which any instance's /sandbox/mail page reads. */
export function sandboxMailbox(db: Queryable, from: string): Mailer {
  return {
    kind: 'sandbox',
    async deliver(mail) {
      await db.query(
        `with swept as (delete from sandbox_mail where created_at < now() - make_interval(days => $7))
         insert into sandbox_mail (sender, recipient, language, template, subject, text, html, reply_to, message_id, in_reply_to, thread_references)
         values ($8, $1, $2, $3, $4, $5, $6, $9, $10, $11, $12)`,
        [
          mail.to.trim(),
          mail.language,
          mail.template,
          mail.subject,
          mail.text,
          mail.html,
          sandboxMailDays,
          from,
          mail.replyTo ?? null,
          mail.messageId ?? null,
          mail.inReplyTo ?? null,
          mail.references?.join(' ') ?? null,
        ],
      )
    },
  }
}

export interface StoredMail extends Mail {
  id: number
  from: string
  sentAt: Date
}

interface MailboxRow extends MailRow {
  id: number
  sender: string
  created_at: Date
}

const columns = 'id, sender, recipient, reply_to, language, template, subject, text, html, message_id, in_reply_to, thread_references, created_at'

const stored = (r: MailboxRow): StoredMail => ({ id: r.id, from: r.sender, ...mailOf(r), sentAt: new Date(r.created_at) })

/** The mails sent to an address (compared case-insensitively, as accounts are), newest first. */
export async function readMailbox(db: Queryable, address: string, limit = 50): Promise<StoredMail[]> {
  const rows = await db.query<MailboxRow>(`select ${columns} from sandbox_mail where lower(recipient) = lower($1) order by id desc limit $2`, [
    address.trim(),
    limit,
  ])
  return rows.map(stored)
}

/** One mail by its number, for its HTML view. */
export async function readMail(db: Queryable, id: number): Promise<StoredMail | undefined> {
  const [row] = await db.query<MailboxRow>(`select ${columns} from sandbox_mail where id = $1`, [id])
  return row && stored(row)
}
