import type { Queryable } from '../db/types.ts'
import { returnAttempt, sweepAttempts, takeAttempt } from '../http/rateLimit.ts'

/**
 * Links to reset a password asked per window: few per email (nobody's mailbox is flooded), more per client address
 * (a shared office or mobile-network address). Counted the same whether or not the email has an account.
 */
export const resetLimits = { windowMinutes: 15, perEmail: 3, perAddress: 10 } as const

/** Counts a request for a link: 0 when it may go ahead, else the seconds to wait. */
export async function resetRequestRetryAfter(db: Queryable, keys: { email: string; address: string }): Promise<number> {
  const emailKey = `reset:email:${keys.email.trim().toLowerCase()}`
  const email = await takeAttempt(db, emailKey, { max: resetLimits.perEmail, windowMinutes: resetLimits.windowMinutes })
  if (!email.taken) return email.retryAfter
  const address = await takeAttempt(db, `reset:address:${keys.address}`, { max: resetLimits.perAddress, windowMinutes: resetLimits.windowMinutes })
  if (!address.taken) {
    // Not sent, so not counted against the email either.
    await returnAttempt(db, emailKey, email)
    return address.retryAfter
  }
  await sweepAttempts(db)
  return 0
}
