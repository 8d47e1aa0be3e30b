import type { Queryable } from '../db/types.ts'
import { beginSignIn, signInFailed, signInSucceeded } from './loginLimiter.ts'
import { verifyPassword } from './password.ts'

export type PasswordCheck = { kind: 'confirmed' } | { kind: 'wrong' } | { kind: 'limited'; retryAfter: number } | { kind: 'no customer' }

/**
 * The signed-in customer proves it is them with their password before something that cannot be undone. It counts as
 * a sign-in attempt against the sign-in limits of their email and address, so a stolen session cannot guess it.
 */
export async function confirmPassword(db: Queryable, customerId: number, password: string, address: string): Promise<PasswordCheck> {
  const [customer] = await db.query<{ email: string; password_hash: string }>('select email, password_hash from customers where id = $1', [customerId])
  if (!customer) return { kind: 'no customer' }
  const keys = { email: customer.email, address }
  const admitted = await beginSignIn(db, keys)
  if ('retryAfter' in admitted) return { kind: 'limited', retryAfter: admitted.retryAfter }
  if (!(await verifyPassword(password, customer.password_hash))) {
    await signInFailed(db)
    return { kind: 'wrong' }
  }
  await signInSucceeded(db, keys, admitted.ticket)
  return { kind: 'confirmed' }
}
