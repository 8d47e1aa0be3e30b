import type { Language } from '../../src/domain/languageCodes.ts'
import { DEFAULT_LANGUAGE } from '../../src/domain/languageCodes.ts'
import type { SupportMessage } from '../../src/domain/support.ts'
import type { Db, Queryable } from '../db/types.ts'
import { takeRecipientMail } from '../accounts/emailChangeLimiter.ts'
import { emailProven } from '../accounts/provenEmail.ts'
import { queueMail } from '../mail/queueMail.ts'
import { supportAcknowledgementMail } from '../mail/templates/supportAcknowledgement.ts'
import { supportMessageMail } from '../mail/templates/supportMessage.ts'
import { supportRetryAfter } from './supportLimiter.ts'
import { newSupportReference } from './supportReference.ts'

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
}

export type SupportOutcome = { kind: 'stored' | 'replayed'; reference: string } | { kind: 'limited'; retryAfter: number } | { kind: 'key reused' }

// Any constant works; it only has to differ from the other advisory locks (migrations use 7_316_245).
const lockSpace = 7_316_246

/**
 * Stores the message once per key and answers its reference; a repeat of a stored key gets the same reference and
 * is not counted against the address. The mail to the support team and the customer's acknowledgement are queued in
 * the same transaction, so each stored message has exactly one of each (the acknowledgement none once its address's daily mail cap is used up). Per address the check and the insert are serialised, so parallel requests
 * cannot slip past the limit together.
 */
export function storeSupportMessageOnce(db: Db, s: SupportSubmission): Promise<SupportOutcome> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [lockSpace, s.address])
    const earlier = await storedFor(tx, s)
    if (earlier) return earlier
    const wait = await supportRetryAfter(tx, s.address)
    if (wait > 0) return { kind: 'limited', retryAfter: wait }
    // A reference that is already taken (40 random bits: rare) is drawn again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx.query<{ reference: string }>(
        `insert into support_messages (idempotency_key, request_hash, customer_id, name, email, message, reference, client_address)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict do nothing
         returning reference`,
        [s.key, s.hash, s.customerId ?? null, s.message.name, s.message.email, s.message.message, newSupportReference(), s.address],
      )
      if (row) {
        await mailSupportMessage(tx, s, row.reference)
        return { kind: 'stored', reference: row.reference }
      }
      // The key itself may have been stored meanwhile by a request from another address.
      const stored = await storedFor(tx, s)
      if (stored) return stored
    }
    throw new Error('could not draw a free support reference')
  })
}

async function storedFor(tx: Queryable, s: SupportSubmission): Promise<SupportOutcome | undefined> {
  const [row] = await tx.query<{ reference: string; request_hash: string }>('select reference, request_hash from support_messages where idempotency_key = $1', [
    s.key,
  ])
  if (!row) return undefined
  return row.request_hash === s.hash ? { kind: 'replayed', reference: row.reference } : { kind: 'key reused' }
}

/** The signed-in account's id and email, and whether that email is proven the holder's. */
async function accountOf(tx: Queryable, customerId: number | undefined) {
  if (customerId === undefined) return undefined
  const [row] = await tx.query<{ email: string; proven: boolean }>(`select c.email, ${emailProven('c')} as proven from customers c where c.id = $1`, [
    customerId,
  ])
  return row && { id: customerId, email: row.email, proven: row.proven }
}

async function mailSupportMessage(tx: Queryable, s: SupportSubmission, reference: string): Promise<void> {
  const { name, email, message } = s.message
  const account = await accountOf(tx, s.customerId)
  // The team reads English; the mail names the customer's language so they can answer in it.
  await queueMail(tx, {
    to: s.supportEmail,
    replyTo: email,
    language: DEFAULT_LANGUAGE,
    template: supportMessageMail,
    values: { reference, name, email, message, language: s.language, account },
  })
  // A typed address shares the daily cap of mails to it (so the form relays no more than the email-change form does);
  // over it the message still reaches the team and the answer still shows its reference, only the acknowledgement waits unsent.
  // The signed-in customer's own proven email is no typed stranger's.
  const own = account?.proven === true && account.email.trim().toLowerCase() === email.trim().toLowerCase()
  if (own || (await takeRecipientMail(tx, email)).taken)
    await queueMail(tx, { to: email, language: s.language, template: supportAcknowledgementMail, values: { reference } })
}
