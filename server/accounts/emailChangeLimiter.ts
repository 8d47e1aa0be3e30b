import type { Queryable } from '../db/types.ts'
import { returnAttempt, sweepAttempts, takeAttempt } from '../http/rateLimit.ts'

/**
 * Mails the email-change form may send: few per customer an hour and per recipient a day, so a customer's own
 * password does not turn the form into a relay of storefront mails to any address.
 */
export const emailChangeLimits = { perCustomer: 3, customerWindowMinutes: 60, perRecipient: 3, recipientWindowMinutes: 24 * 60 } as const

/** Counts a confirmation mail about to be queued: 0 when it may go, else the seconds to wait. */
export async function emailChangeRetryAfter(db: Queryable, keys: { customerId: number; recipient: string }): Promise<number> {
  const customerKey = `email-change:customer:${keys.customerId}`
  const customer = await takeAttempt(db, customerKey, { max: emailChangeLimits.perCustomer, windowMinutes: emailChangeLimits.customerWindowMinutes })
  if (!customer.taken) return customer.retryAfter
  const recipient = await takeAttempt(db, `email-change:recipient:${keys.recipient.trim().toLowerCase()}`, {
    max: emailChangeLimits.perRecipient,
    windowMinutes: emailChangeLimits.recipientWindowMinutes,
  })
  if (!recipient.taken) {
    // Not sent, so not counted against the customer either.
    await returnAttempt(db, customerKey, customer)
    return recipient.retryAfter
  }
  await sweepAttempts(db)
  return 0
}
