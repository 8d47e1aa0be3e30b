import type { Context } from 'hono'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Queryable } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { clientAddress, type ProxyTrust } from '../http/requestInfo.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { credentialsById } from './credentials.ts'
import { beginSignIn, signInFailed, signInNotChecked, signInSucceeded } from './loginLimiter.ts'
import { customerHolder, GatePlaceTaken, scryptGate, verifyPassword } from './password.ts'

export type PasswordCheck =
  /** The password is right at credential version `version`: a write it admits is a compare-and-set on that version. */
  | { kind: 'confirmed'; version: number }
  | { kind: 'wrong' }
  | { kind: 'limited'; retryAfter: number }
  /** The customer already has a password being checked or hashed: one place in the hashing queue each. */
  | { kind: 'busy' }
  | { kind: 'no customer' }

/** Seconds a customer is asked to wait when their previous password check is still in the hashing queue. */
export const busyRetryAfterSeconds = 2

/**
 * The signed-in customer proves it is them with their password before something that cannot be undone. It counts as
 * a sign-in attempt against the sign-in limits of their email and address, so a stolen session cannot guess it, and
 * it takes the customer's one place in the hashing queue. The version it answers is the one the password was right at.
 */
export async function confirmPassword(db: Queryable, customerId: number, password: string, address: string): Promise<PasswordCheck> {
  // Refused before any query: a customer looping requests while their check waits costs the database nothing.
  if (scryptGate.holds(customerHolder(customerId))) return { kind: 'busy' }
  const customer = await credentialsById(db, customerId)
  if (!customer) return { kind: 'no customer' }
  const keys = { email: customer.email, address }
  const admitted = await beginSignIn(db, keys)
  if ('retryAfter' in admitted) return { kind: 'limited', retryAfter: admitted.retryAfter }
  let right: boolean
  try {
    right = await verifyPassword(password, customer.password_hash, customerHolder(customerId))
  } catch (error) {
    if (!(error instanceof GatePlaceTaken)) throw error
    // Not checked, so not a failed sign-in either.
    await signInNotChecked(db, keys, admitted.ticket)
    return { kind: 'busy' }
  }
  if (!right) {
    await signInFailed(db)
    return { kind: 'wrong' }
  }
  await signInSucceeded(db, keys, admitted.ticket)
  return { kind: 'confirmed', version: customer.version }
}

/** The answer to a password check that did not confirm (`wrong`: the message, or the answer, for a wrong password). */
function refusedPasswordCheck(c: Context, check: Exclude<PasswordCheck, { kind: 'confirmed' }>, wrong: string | (() => Response)): Response {
  switch (check.kind) {
    case 'no customer':
      return jsonError(c, 401, serverMessages.notSignedIn)
    case 'wrong':
      return typeof wrong === 'string' ? jsonError(c, 403, wrong) : wrong()
    case 'limited':
      c.header('Retry-After', String(check.retryAfter))
      return jsonError(c, 429, serverMessages.tooManyAttempts)
    case 'busy':
      return busyHashing(c)
  }
}

/**
 * confirmPassword() as a route asks it, for the signed-in customer from the request's address: the credential version
 * the password was right at, or the answer that refuses (wrong, limited, busy, or no longer signed in). Every kind of
 * refusal is answered: none lets the request on.
 */
export async function passwordConfirmed(
  c: Context<CustomerEnv>,
  db: Queryable,
  settings: ProxyTrust,
  password: string,
  wrong: string | (() => Response),
): Promise<{ version: number } | { refused: Response }> {
  const check = await confirmPassword(db, c.get('customerId'), password, clientAddress(c, settings))
  return check.kind === 'confirmed' ? { version: check.version } : { refused: refusedPasswordCheck(c, check, wrong) }
}

/** 429: the customer's previous password check or change is still being worked on. */
export function busyHashing(c: Context): Response {
  c.header('Retry-After', String(busyRetryAfterSeconds))
  return jsonError(c, 429, serverMessages.passwordCheckBusy)
}
