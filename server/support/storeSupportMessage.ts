import type { Language } from '../../src/domain/languageCodes.ts'
import { DEFAULT_LANGUAGE } from '../../src/domain/languageCodes.ts'
import { storedLanguage } from '../accounts/accountLanguage.ts'
import type { SupportMessage } from '../../src/domain/support.ts'
import type { Db, Queryable } from '../db/types.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { answerOnce, guestOf, senderOf } from '../http/idempotency.ts'
import type { GuestKeyed, Keyed, Outcome, StoredAnswer } from '../http/idempotency.ts'
import { takeRecipientMail } from '../accounts/emailChangeLimiter.ts'
import { emailProven } from '../accounts/provenEmail.ts'
import { queueMail } from '../mail/queueMail.ts'
import { supportAcknowledgementMail } from '../mail/templates/supportAcknowledgement.ts'
import { supportMessageMail } from '../mail/templates/supportMessage.ts'
import { supportRetryAfter } from './supportLimiter.ts'
import { newSupportReference } from './supportReference.ts'
import { following, newMailMessageId } from './threading.ts'

/** A conversation in the back office, as the team's notices link it. */
export const staffThreadUrl = (origin: string, id: number): string => `${origin}/staff/messages/${id}`

export interface SupportSubmission {
  /** The Idempotency-Key, lower case; equal to the body's id. */
  key: string
  /** requestHash of the body as received. */
  hash: string
  message: SupportMessage
  customerId: number | undefined
  /** The client address, bounded (boundedKey). */
  address: string
  /** The customer's language, which the acknowledgement speaks. */
  language: Language
  /** SUPPORT_EMAIL: where the message is mailed. */
  supportEmail: string
  /** The origin links in mails open (server/mail/linkOrigin.ts): the team's notice links the thread. */
  origin: string
}

export const supportKeyReused = 'This request was already used for a different message.'
export const tooManyMessages = serverMessages.tooManyMessages

// Any constant works; it only has to differ from the other advisory locks (migrations use 7_316_245).
const lockSpace = 7_316_246

/** The key as its sender's: the signed-in customer's, or the signed-out sender's named by the email they typed. */
export const keyedSubmission = (s: SupportSubmission): Keyed | GuestKeyed =>
  s.customerId === undefined ? { guest: guestOf(s.message.email), key: s.key, hash: s.hash } : { customerId: s.customerId, key: s.key, hash: s.hash }

/**
 * Stores the message once per sender and key and answers its reference (201), as orders are placed: a repeat gets the
 * same answer and is not counted against the address. The mail to the support team and the customer's acknowledgement
 * are queued in the same transaction, so each stored message has exactly one of each (the acknowledgement none once
 * its address's daily mail cap is used up). Per address the check and the insert are serialised, so parallel requests
 * cannot slip past the limit together; over it the answer is a 429 that is not kept, so the retry may be stored.
 */
export function storeSupportMessageOnce(db: Db, s: SupportSubmission): Promise<Outcome> {
  const keyed = keyedSubmission(s)
  const sender = senderOf(keyed)
  return answerOnce(db, keyed, supportKeyReused, async (tx) => {
    // A retry arriving after its key expired finds the message it stored before.
    const [earlier] = await tx.query<{ reference: string }>('select reference from support_messages where sender = $1 and idempotency_key = $2', [
      sender,
      s.key,
    ])
    if (earlier) return stored(earlier.reference)
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [lockSpace, s.address])
    const wait = await supportRetryAfter(tx, s.address)
    if (wait > 0) return { passing: { status: 429, body: { error: tooManyMessages } }, headers: { 'Retry-After': String(wait) } }
    // A reference that is already taken (40 random bits: rare) is drawn again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const reference = newSupportReference()
      const [row] = await tx.query<{ id: string | number; reference: string; mail_message_id: string }>(
        `insert into support_messages (idempotency_key, sender, request_hash, customer_id, name, email, message, reference, client_address, language, mail_message_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (reference) do nothing
         returning id, reference, mail_message_id`,
        [
          s.key,
          sender,
          s.hash,
          s.customerId ?? null,
          s.message.name,
          s.message.email,
          s.message.message,
          reference,
          s.address,
          s.language,
          newMailMessageId(reference, s.supportEmail),
        ],
      )
      if (row) {
        await mailSupportMessage(tx, s, { id: Number(row.id), reference: row.reference, messageId: row.mail_message_id })
        return stored(row.reference)
      }
    }
    throw new Error('could not draw a free support reference')
  })
}

const stored = (reference: string): StoredAnswer => ({ status: 201, body: { reference } })

/** The signed-in account's id, email and language, and whether that email is proven the holder's. */
async function accountOf(tx: Queryable, customerId: number | undefined) {
  if (customerId === undefined) return undefined
  const [row] = await tx.query<{ email: string; proven: boolean; language: string }>(
    `select c.email, ${emailProven('c')} as proven, c.language from customers c where c.id = $1`,
    [customerId],
  )
  return row && { id: customerId, email: row.email, proven: row.proven, language: storedLanguage(row.language) }
}

/** A stored message: its row id (the thread's), its reference and the Message-ID of the team's notice. */
interface StoredThread {
  id: number
  reference: string
  messageId: string
}

async function mailSupportMessage(tx: Queryable, s: SupportSubmission, { id, reference, messageId }: StoredThread): Promise<void> {
  const { name, email, message } = s.message
  const account = await accountOf(tx, s.customerId)
  // The team reads English; the mail names the customer's language so they can answer in it, and links the thread.
  await queueMail(tx, {
    to: s.supportEmail,
    replyTo: email,
    language: DEFAULT_LANGUAGE,
    template: supportMessageMail,
    values: { reference, name, email, message, language: s.language, account, threadUrl: staffThreadUrl(s.origin, id) },
    thread: { messageId },
  })
  // A typed address shares the daily cap of mails to it (so the form relays no more than the email-change form does);
  // over it the message still reaches the team and the answer still shows its reference, only the acknowledgement waits unsent.
  // The signed-in customer's own proven email is no typed stranger's.
  const own = account?.proven === true && account.email.trim().toLowerCase() === email.trim().toLowerCase()
  if (own || (await takeRecipientMail(tx, email)).taken)
    await queueMail(tx, {
      to: email,
      // A signed-in customer's account speaks its own language; a signed-out sender is answered in the one they wrote from.
      language: account?.language ?? s.language,
      template: supportAcknowledgementMail,
      values: { reference },
      thread: following(newMailMessageId(reference, s.supportEmail), [messageId]),
    })
}
