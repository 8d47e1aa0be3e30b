import type { Queryable } from '../db/types.ts'
import { clearAttempts, returnAttempt, sweepAttempts, takeAttempt } from '../http/rateLimit.ts'
import type { Admission } from '../http/rateLimit.ts'

/** Failed sign-ins allowed per window: few per account (guessing one password), more per address (shared NATs). */
export const loginLimits = { windowMinutes: 15, perEmail: 5, perAddress: 20 } as const

export interface LimiterKeys {
  email: string
  address: string
}

type Taken = Extract<Admission, { taken: true }>

/** A sign-in let through to the password check, counted as a failure until `signInSucceeded` says otherwise. */
export interface SignInTicket {
  email: Taken
  address: Taken
}

const emailKey = (email: string) => `login:email:${email.trim().toLowerCase()}`
const addressKey = (address: string) => `login:address:${address}`
const window = (max: number) => ({ max, windowMinutes: loginLimits.windowMinutes })

/**
 * Decides, before the password is hashed, whether this sign-in may be checked: a ticket, or the seconds to wait.
 * Each attempt is counted as it is let through (see takeAttempt), so a burst of parallel guesses, through however
 * many server instances, gets exactly as many checks as the limits leave and 429 for the rest.
 */
export async function beginSignIn(db: Queryable, keys: LimiterKeys): Promise<{ ticket: SignInTicket } | { retryAfter: number }> {
  const email = await takeAttempt(db, emailKey(keys.email), window(loginLimits.perEmail))
  if (!email.taken) return { retryAfter: email.retryAfter }
  const address = await takeAttempt(db, addressKey(keys.address), window(loginLimits.perAddress))
  if (!address.taken) {
    // Not checked, so not a failure against the email either.
    await returnAttempt(db, emailKey(keys.email), email)
    return { retryAfter: address.retryAfter }
  }
  return { ticket: { email, address } }
}

/** A wrong password or unknown email: the attempt stays counted; attempts past every window are swept meanwhile. */
export async function signInFailed(db: Queryable): Promise<void> {
  await sweepAttempts(db)
}

/** A correct password forgets that email's failures and does not count against the address. */
export async function signInSucceeded(db: Queryable, keys: LimiterKeys, ticket: SignInTicket): Promise<void> {
  await clearAttempts(db, emailKey(keys.email))
  await returnAttempt(db, addressKey(keys.address), ticket.address)
}

/** A password reset by email proves the customer: the failures counted against that email are forgotten. */
export async function forgetSignInFailures(db: Queryable, email: string): Promise<void> {
  await clearAttempts(db, emailKey(email))
}

/** A sign-in let through but never checked (the customer's place in the hashing queue was taken): nothing is counted. */
export async function signInNotChecked(db: Queryable, keys: LimiterKeys, ticket: SignInTicket): Promise<void> {
  await returnAttempt(db, emailKey(keys.email), ticket.email)
  await returnAttempt(db, addressKey(keys.address), ticket.address)
}
