import type { Queryable } from '../db/types.ts'
import { returnAttempt, sweepAttempts, takeAttempt, type Admission } from '../http/rateLimit.ts'

/**
 * Mails the email-change form may send: few per customer an hour and per recipient a day, so a customer's own
 * password does not turn the form into a relay of storefront mails to any address.
 */
export const emailChangeLimits = { perCustomer: 3, customerWindowMinutes: 60, perRecipient: 3, recipientWindowMinutes: 24 * 60 } as const

/** Counts a confirmation mail about to be queued: 0 when it may go, else the seconds to wait. */
export async function emailChangeRetryAfter(db: Queryable, keys: { customerId: number; recipient: string }): Promise<number> {
  return confirmationMailRetryAfter(db, `email-change:customer:${keys.customerId}`, keys.recipient)
}

/**
 * Counts a confirmation link about to be mailed by `senderKey` (a customer, a pending social sign-in) to `recipient`:
 * 0 when it may go, else the seconds to wait. Every form that mails a link to a typed address shares the recipient's count.
 */
export async function confirmationMailRetryAfter(db: Queryable, senderKey: string, recipient: string): Promise<number> {
  const sender = await takeAttempt(db, senderKey, { max: emailChangeLimits.perCustomer, windowMinutes: emailChangeLimits.customerWindowMinutes })
  if (!sender.taken) return sender.retryAfter
  const toRecipient = await takeRecipientMail(db, recipient)
  if (!toRecipient.taken) {
    // Not sent, so not counted against the sender either.
    await returnAttempt(db, senderKey, sender)
    return toRecipient.retryAfter
  }
  await sweepAttempts(db)
  return 0
}

/**
 * Counts one mail to an address someone typed (a confirmation link, a notice that the address is in use, a Contact Us
 * acknowledgement) against that address's daily cap, which every such mail shares whoever asks for it.
 */
export function takeRecipientMail(db: Queryable, recipient: string): Promise<Admission> {
  return takeAttempt(db, `email-change:recipient:${recipient.trim().toLowerCase()}`, {
    max: emailChangeLimits.perRecipient,
    windowMinutes: emailChangeLimits.recipientWindowMinutes,
  })
}
