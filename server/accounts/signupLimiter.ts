import type { Queryable } from '../db/types.ts'
import { sweepAttempts, takeAttempt } from '../http/rateLimit.ts'

/**
 * Sign-ups one client address may make per window. Each costs a 128 MiB scrypt, so a script must not loop on it; a
 * shared address (an office, a mobile network's NAT) still signs up a person a minute.
 */
export const signupLimits = { windowMinutes: 60, perAddress: 60 } as const

/** Counts a sign-up against the address before its password is hashed: 0 when it may go ahead, else seconds to wait. */
export async function signupRetryAfter(db: Queryable, address: string): Promise<number> {
  const taken = await takeAttempt(db, `signup:address:${address}`, { max: signupLimits.perAddress, windowMinutes: signupLimits.windowMinutes })
  if (!taken.taken) return taken.retryAfter
  await sweepAttempts(db)
  return 0
}
