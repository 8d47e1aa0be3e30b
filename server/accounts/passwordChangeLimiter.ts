import type { Queryable } from '../db/types.ts'
import { takeAttempt } from '../http/rateLimit.ts'

/**
 * Password changes a customer may make an hour, counted once the current password was right: whoever knows the
 * password cannot keep a change in flight for ever against the owner's reset or lockout.
 */
export const passwordChangeLimits = { perCustomer: 5, windowMinutes: 60 } as const

/** Counts a change about to be hashed: 0 when it may go ahead, else the seconds to wait. */
export async function passwordChangeRetryAfter(db: Queryable, customerId: number): Promise<number> {
  const attempt = await takeAttempt(db, `password-change:customer:${customerId}`, {
    max: passwordChangeLimits.perCustomer,
    windowMinutes: passwordChangeLimits.windowMinutes,
  })
  return attempt.taken ? 0 : attempt.retryAfter
}
