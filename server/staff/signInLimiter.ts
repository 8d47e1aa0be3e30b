import type { Queryable } from '../db/types.ts'
import { returnAttempt, sweepAttempts, takeAttempt } from '../http/rateLimit.ts'
import type { Admission } from '../http/rateLimit.ts'

/** Passkey answers refused per address in any 15 minutes before the address must wait (a member's own fumbles are few). */
export const staffSignInLimit = { max: 10, windowMinutes: 15 } as const

const addressKey = (address: string) => `staff-sign-in:address:${address}`

/** Passkey challenges handed to one address without a session in any 15 minutes: a member needs one or two per sign-in. */
export const staffChallengeLimit = { max: 60, windowMinutes: 15 } as const

/** Counts a challenge asked for without a session (sign-in, an invitation), so nobody fills the challenge table from one address. */
export const admitStaffChallenge = (db: Queryable, address: string): Promise<Admission> =>
  takeAttempt(db, `staff-challenge:address:${address}`, staffChallengeLimit)

/** Counts a passkey sign-in before it is checked, so parallel guesses cannot all get through: taken, or the seconds to wait. */
export const admitStaffSignIn = (db: Queryable, address: string): Promise<Admission> => takeAttempt(db, addressKey(address), staffSignInLimit)

/** A sign-in that succeeded does not count against the address. */
export const staffSignInSucceeded = (db: Queryable, address: string, taken: Extract<Admission, { taken: true }>) =>
  returnAttempt(db, addressKey(address), taken)

/** A refused sign-in stays counted; attempts past every window are swept meanwhile. */
export const staffSignInRefused = (db: Queryable) => sweepAttempts(db)
